//! `hamle serve`: bind, serve, stop cleanly on Ctrl-C or SIGTERM.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use tokio_util::sync::CancellationToken;

use crate::announce::Lang;
use crate::server::{
    Config, SpeakOptions, SpeechConfig, admin_token_path, bind, default_data_dir, run_node,
};

/// The operator's language from `LC_ALL`, `LC_MESSAGES` or `LANG` (de, tr; else English).
pub fn operator_lang() -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .and_then(|v| v.get(..2).and_then(|code| code.parse().ok()))
        .unwrap_or(Lang::En)
}

/// Cancels `token` on Ctrl-C or (on Unix) SIGTERM.
pub async fn cancel_on_signal(token: CancellationToken) {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
        _ = token.cancelled() => {}
    }
    token.cancel();
}

/// Runs the server in the foreground. The first line on stdout names the address. With
/// `speak`, the machine's own voice speaks for one seat (started first: a few seconds).
/// The store `hamle serve` uses: `--store` and `--node`.
#[derive(Clone, Debug)]
pub struct StoreOptions {
    pub url: crate::store::StoreUrl,
    pub node: String,
}

impl Default for StoreOptions {
    fn default() -> StoreOptions {
        StoreOptions {
            url: crate::store::StoreUrl::default(),
            node: crate::server::DEFAULT_NODE.to_owned(),
        }
    }
}

/// What `hamle serve` runs beside the games, each if asked for: voice input, a cluster's
/// bus, the computer opponent's engines.
#[derive(Clone, Debug, Default)]
pub struct Services {
    pub voice: Option<crate::voice::WorkerOptions>,
    pub cluster: Option<crate::server::ClusterOptions>,
    pub engine: Option<crate::engine::EngineConfig>,
}

pub fn serve_command(
    listen: SocketAddr,
    data: Option<PathBuf>,
    store: StoreOptions,
    speak: Option<SpeakOptions>,
    limits: crate::server::Limits,
    services: Services,
) -> ExitCode {
    let Services {
        voice,
        cluster,
        engine,
    } = services;
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .try_init();
    // The whole process's file limit, before any thread or file: the connection budget
    // follows it (said with the budget once the server listens).
    match super::listen::raise_open_files() {
        Ok((before, after)) if before != after => tracing::info!(
            soft = ?before,
            now = ?after,
            "raised the open-file limit to its hard limit"
        ),
        Ok(_) => {}
        Err(e) => tracing::warn!("could not raise the open-file limit: {e}"),
    }
    let lang = operator_lang();
    let failed = |reason: String| {
        eprintln!(
            "{}",
            crate::words::text(lang, "serve-failed", &[("reason", reason)])
        );
        ExitCode::FAILURE
    };
    // Nodes of one cluster tell each other apart by name: the leases a node claims are
    // granted again to a node of the same name (docs/scale-out.md), so two nodes both left
    // at the default name would both own a game.
    if cluster.is_some() && store.node == crate::server::DEFAULT_NODE {
        return failed(crate::words::text(lang, "serve-bus-needs-node", &[]));
    }
    let local = match speak.map(SpeakOptions::start).transpose() {
        Ok(local) => local,
        Err(e) => return failed(e.message(lang)),
    };
    let mut speech = SpeechConfig {
        local,
        ..SpeechConfig::default()
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return failed(e.to_string()),
    };
    let data_dir = data.unwrap_or_else(default_data_dir);
    runtime.block_on(async move {
        if let Some(options) = voice {
            // The model is loaded before the server listens: a missing model or package is
            // said at once, not at the first utterance.
            let workers = options.workers;
            match crate::voice::WorkerPool::start(options).await {
                Ok(pool) => {
                    let service = crate::voice::VoiceService::new(
                        std::sync::Arc::new(pool),
                        workers,
                        4 * workers,
                    );
                    speech.voice = Some(service);
                }
                Err(e) => return failed(e.to_string()),
            }
        }
        let listener = match bind(listen) {
            Ok(l) => l,
            Err(e) => return failed(format!("{listen}: {e}")),
        };
        let url = match listener.local_addr() {
            Ok(a) => format!("http://{a}"),
            Err(e) => return failed(e.to_string()),
        };
        let path = admin_token_path(&data_dir).display().to_string();
        // Said once the store is open: a script or a node's supervisor that waits for the
        // address finds the server answering.
        let ready = move || {
            println!(
                "{}",
                crate::words::text(lang, "serve-listening", &[("url", url)])
            );
            let _ = std::io::stdout().flush();
            eprintln!(
                "{}",
                crate::words::text(lang, "serve-admin-token", &[("path", path)])
            );
        };
        let shutdown = CancellationToken::new();
        // The one task outside the server's tracker: it starts the shutdown the tracker waits
        // for, and ends with it.
        tokio::spawn(cancel_on_signal(shutdown.clone()));
        let config = Config {
            data_dir,
            limits,
            store: store.url,
            node: store.node,
            engine,
        };
        match run_node(listener, config, speech, cluster, shutdown, ready).await {
            Ok(()) => {
                println!("{}", crate::words::text(lang, "serve-stopped", &[]));
                ExitCode::SUCCESS
            }
            Err(crate::server::ServeError::NodeNameInUse(node)) => failed(crate::words::text(
                lang,
                "serve-node-name-in-use",
                &[("node", node)],
            )),
            Err(crate::server::ServeError::InUse(in_use)) => failed(in_use.message(lang)),
            Err(e) => failed(e.to_string()),
        }
    })
}
