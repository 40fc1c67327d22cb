//! The layering of `src/`: no import cycle between modules, and no use from a lower layer to a
//! higher one in the order ARCHITECTURE.md lists (its "Layers" section, read here).
//! The pure core's crate (`crates/hamle-core/src/`) is read as part of the same tree: the server
//! crate re-exports its modules at its root, so `crate::game` names the same module in both; and
//! the core crate depends on shakmaty and arrayvec only (`core_depends_on_shakmaty_and_arrayvec_only`).
//!
//! Every `use crate::…` / `use super::…` (braces expanded) and every other `crate::…` /
//! `super::…` path in the code is an edge from the file's module to the module the path
//! names (the longest prefix that is a module of `src/`). Test code (`#[cfg(test)]` modules,
//! inline or in their own file) is left out, and so are comments and strings.
//!
//! - **Cycles** are looked for among siblings: an edge from `a::x::…` to `a::y::…` is an edge
//!   `a::x -> a::y`. A module using its own ancestors' items (`super::AppState`) or its own
//!   children is no edge.
//! - **Layers**: a module is in the layer of the longest path the list names; no edge may go
//!   up, a module's use of its ancestor's items included (the ancestor's own layer counts). Every top-level
//!   module, and every child of a module whose children are listed, must be listed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Cycles allowed by name while a restructuring is under way (each exactly as it is: a
/// larger cycle, or one not listed, fails), and a listed one that no longer exists fails
/// too, so that the list is emptied as it goes. None today.
const ALLOWED_CYCLES: &[&[&str]] = &[];

/// Uses from a lower layer to a higher one allowed by name, the same way. None today.
const ALLOWED_UPWARD: &[(&str, &str)] = &[];

type Module = Vec<String>;

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate".to_owned()
    } else {
        m.join("::")
    }
}

fn module_of(rel: &Path) -> Option<Module> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    match stem {
        "main" if parts.is_empty() => None,
        "lib" if parts.is_empty() => Some(parts),
        "mod" => Some(parts),
        _ => {
            parts.push(stem.to_owned());
            Some(parts)
        }
    }
}

/// The source with comments gone and every string and character literal emptied.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &src[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if let Some(comment) = rest.strip_prefix("/*") {
            i += comment.find("*/").map_or(rest.len(), |j| j + 4);
            continue;
        }
        let ident_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        // Raw strings: r"…", r#"…"#, br"…".
        let raw_start = if !ident_before && rest.starts_with("br") {
            Some(2)
        } else if !ident_before && rest.starts_with('r') {
            Some(1)
        } else {
            None
        };
        if let Some(skip) = raw_start {
            let hashes = rest[skip..].bytes().take_while(|&c| c == b'#').count();
            if rest[skip + hashes..].starts_with('"') {
                let end = format!("\"{}", "#".repeat(hashes));
                let body = skip + hashes + 1;
                let close = rest[body..]
                    .find(&end)
                    .map_or(rest.len(), |j| body + j + end.len());
                out.push_str("\"\"");
                i += close;
                continue;
            }
        }
        if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i = j + 1;
            continue;
        }
        if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{300}'), not a lifetime ('a).
            let len = if rest[1..].starts_with('\\') {
                rest[2..].find('\'').map(|j| j + 3)
            } else {
                rest[1..]
                    .chars()
                    .next()
                    .filter(|c| rest[1 + c.len_utf8()..].starts_with('\''))
                    .map(|c| c.len_utf8() + 2)
            };
            if let Some(len) = len {
                out.push_str("' '");
                i += len;
                continue;
            }
        }
        let c = rest.chars().next().expect("not at the end");
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The code without its `#[cfg(test)] mod … { … }` blocks, and the names of the test
/// modules declared in files of their own (`#[cfg(test)] mod tests;`).
fn without_tests(code: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut files = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let mut after = rest[at + "#[cfg(test)]".len()..].trim_start();
        // Further attributes of the same item.
        while after.starts_with("#[") {
            let close = after.find(']').map_or(after.len(), |j| j + 1);
            after = after[close..].trim_start();
        }
        let item = after.strip_prefix("pub ").unwrap_or(after).trim_start();
        let Some(decl) = item.strip_prefix("mod ") else {
            // Another item under cfg(test): kept (it is rare and small).
            out.push_str("#[cfg(test)]");
            rest = &rest[at + "#[cfg(test)]".len()..];
            continue;
        };
        let name: String = decl
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let open = decl.find(['{', ';']).expect("a module declaration ends");
        let decl_start = code.len() - decl.len();
        if decl.as_bytes()[open] == b';' {
            files.push(name);
            rest = &code[decl_start + open + 1..];
            continue;
        }
        let mut depth = 0usize;
        let mut end = decl.len();
        for (j, c) in decl[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + j + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &code[decl_start + end..];
    }
    out.push_str(rest);
    (out, files)
}

/// `a::b::{c, d::{e, f}, self}` as paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree).trim();
        return vec![path.to_owned()];
    };
    let prefix = &tree[..open];
    let body = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&body[start..]);
    let mut paths = Vec::new();
    for p in parts.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
        if p == "self" {
            paths.push(prefix.trim_end_matches("::").to_owned());
        } else {
            paths.extend(expand(&format!("{prefix}{p}")));
        }
    }
    paths
}

/// Every `crate::`/`super::` path of the code: `use` trees expanded, and paths elsewhere.
fn paths(code: &str) -> Vec<String> {
    let code = without_visibility_paths(code);
    let mut found = Vec::new();
    let mut other = String::new();
    let mut rest = code.as_str();
    while let Some(at) = find_word(rest, "use") {
        other.push_str(&rest[..at]);
        let stmt = &rest[at + 3..];
        let end = stmt.find(';').unwrap_or(stmt.len());
        let tree: String = stmt[..end].split_whitespace().collect::<Vec<_>>().join(" ");
        found.extend(expand(&tree));
        rest = &stmt[(end + 1).min(stmt.len())..];
    }
    other.push_str(rest);
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = other[from..].find(start) {
            let at = from + i;
            let before = other[..at].chars().next_back();
            if before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':')) {
                let len = other[at..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(other.len() - at);
                found.push(other[at..at + len].trim_end_matches(':').to_owned());
            }
            from = at + start.len();
        }
    }
    found.retain(|p| p.starts_with("crate::") || p.starts_with("super::"));
    found
}

/// Where `word` occurs as a whole word.
fn find_word(s: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = s[from..].find(word) {
        let at = from + i;
        let before = s[..at].chars().next_back();
        let after = s[at + word.len()..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if boundary(before) && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// `code` with the paths of restricted visibilities (`pub(in crate::server)`) left out: a
/// visibility names who may use an item, it uses nothing.
fn without_visibility_paths(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("pub(in ") {
        out.push_str(&rest[..at + 3]);
        let after = &rest[at + 3..];
        rest = after.find(')').map_or("", |close| &after[close + 1..]);
    }
    out.push_str(rest);
    out
}

/// The module a path names, from module `from`: its longest prefix that is a module.
fn target(from: &Module, path: &str, modules: &BTreeSet<Module>) -> Module {
    let mut segs = path.split("::").peekable();
    let mut base: Module = if segs.peek() == Some(&"crate") {
        segs.next();
        Vec::new()
    } else {
        from.clone()
    };
    while segs.peek() == Some(&"super") {
        segs.next();
        base.pop();
    }
    let full: Module = base.into_iter().chain(segs.map(str::to_owned)).collect();
    (0..=full.len())
        .rev()
        .map(|k| full[..k].to_vec())
        .find(|m| modules.contains(m))
        .unwrap_or_default()
}

/// The modules of `src/` and their edges (test code left out).
struct Graph {
    modules: BTreeSet<Module>,
    edges: BTreeSet<(Module, Module)>,
}

fn graph(files: &[(Module, String)]) -> Graph {
    let mut tests: BTreeSet<Module> = BTreeSet::new();
    let mut code = Vec::new();
    for (m, src) in files {
        let (c, test_files) = without_tests(&code_only(src));
        for t in test_files {
            let mut child = m.clone();
            child.push(t);
            tests.insert(child);
        }
        code.push((m.clone(), c));
    }
    let in_tests = |m: &Module| tests.iter().any(|t| m.starts_with(t));
    code.retain(|(m, _)| !in_tests(m));
    let modules: BTreeSet<Module> = code.iter().map(|(m, _)| m.clone()).collect();
    let mut edges = BTreeSet::new();
    for (m, c) in &code {
        for p in paths(c) {
            let t = target(m, &p, &modules);
            if &t != m {
                edges.insert((m.clone(), t));
            }
        }
    }
    Graph { modules, edges }
}

/// An edge between two modules neither of which contains the other, as the edge between
/// the siblings below their common ancestor.
fn siblings(a: &Module, b: &Module) -> Option<(Module, Module)> {
    let n = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    (n < a.len() && n < b.len()).then(|| (a[..=n].to_vec(), b[..=n].to_vec()))
}

/// The strongly connected components with more than one module (Tarjan).
fn cycles(edges: &BTreeSet<(Module, Module)>) -> Vec<BTreeSet<String>> {
    let mut next: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (a, b) in edges {
        next.entry(name(a)).or_default().push(name(b));
        next.entry(name(b)).or_default();
    }
    struct State<'a> {
        next: &'a BTreeMap<String, Vec<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        for w in &s.next[v] {
            if !s.index.contains_key(w.as_str()) {
                visit(s, w);
                let low = s.low[v].min(s.low[w.as_str()]);
                s.low.insert(v, low);
            } else if s.stack.contains(&w.as_str()) {
                let low = s.low[v].min(s.index[w.as_str()]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = BTreeSet::new();
            while let Some(w) = s.stack.pop() {
                comp.insert(w.to_owned());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                s.found.push(comp);
            }
        }
    }
    let mut s = State {
        next: &next,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in next.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.found
}

/// The layers of ARCHITECTURE.md's "Layers" section, bottom first: each item of its
/// numbered list names its modules in backquotes before the dash.
fn layers(architecture: &str) -> Vec<Vec<Module>> {
    let section = architecture
        .split("\n## ")
        .find(|s| s.starts_with("Layers"))
        .expect("ARCHITECTURE.md has a \"Layers\" section");
    // Each item, its continuation lines joined.
    let mut items: Vec<String> = Vec::new();
    for line in section.lines() {
        let numbered = line
            .split_once(". ")
            .filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        match numbered {
            Some((_, item)) => items.push(item.to_owned()),
            None if line.starts_with(' ') && !items.is_empty() => {
                let last = items.last_mut().expect("an item");
                last.push(' ');
                last.push_str(line.trim());
            }
            None => {}
        }
    }
    let mut layers = Vec::new();
    for item in items {
        let names = item.split(" — ").next().unwrap_or(&item);
        let modules: Vec<Module> = names
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|n| n.split("::").map(str::to_owned).collect())
            .collect();
        assert!(!modules.is_empty(), "a layer without modules: {item}");
        layers.push(modules);
    }
    layers
}

/// What is wrong with the graph: cycles and upward uses beyond those allowed, listed
/// modules that do not exist, modules not placed, and allowances no longer needed.
fn problems(
    g: &Graph,
    layers: &[Vec<Module>],
    allowed_cycles: &[&[&str]],
    allowed_upward: &[(&str, &str)],
) -> Vec<String> {
    let mut problems = Vec::new();
    let sibling_edges: BTreeSet<(Module, Module)> =
        g.edges.iter().filter_map(|(a, b)| siblings(a, b)).collect();
    let allowed: Vec<BTreeSet<String>> = allowed_cycles
        .iter()
        .map(|c| c.iter().map(|m| (*m).to_owned()).collect())
        .collect();
    let found = cycles(&sibling_edges);
    for c in &found {
        if !allowed.contains(c) {
            problems.push(format!("import cycle: {}", join(c)));
        }
    }
    for a in &allowed {
        if !found.contains(a) {
            problems.push(format!(
                "allowed cycle gone, take it off the list: {}",
                join(a)
            ));
        }
    }

    let layer_of: BTreeMap<Module, usize> = layers
        .iter()
        .enumerate()
        .flat_map(|(i, l)| l.iter().map(move |m| (m.clone(), i)))
        .collect();
    for m in layer_of.keys() {
        if !g.modules.contains(m) {
            problems.push(format!(
                "ARCHITECTURE.md lists {}, which is no module",
                name(m)
            ));
        }
    }
    for m in &g.modules {
        let Some((parent, _)) = m.split_last().map(|(_, p)| (p.to_vec(), ())) else {
            continue;
        };
        let parent_has_listed_children = parent.is_empty()
            || layer_of
                .keys()
                .any(|l| l.len() == parent.len() + 1 && l.starts_with(&parent));
        if parent_has_listed_children && !layer_of.contains_key(m) {
            problems.push(format!("{} is in no layer of ARCHITECTURE.md", name(m)));
        }
    }
    let layer = |m: &Module| {
        (0..=m.len())
            .rev()
            .find_map(|k| layer_of.get(&m[..k]).copied())
    };
    let in_allowed_cycle = |a: &Module, b: &Module| {
        allowed
            .iter()
            .any(|c| c.contains(&name(a)) && c.contains(&name(b)))
    };
    let mut upward_seen = BTreeSet::new();
    for (a, b) in &g.edges {
        // A module naming its ancestor's items (`crate::server::AppState` from
        // `server::admission`) uses that ancestor's layer: it must not be above its own.
        if b.len() < a.len() && a.starts_with(b) {
            if let (Some(la), Some(lb)) = (layer(a), layer(b))
                && la < lb
            {
                problems.push(format!(
                    "{} (layer {}) uses its ancestor {} (layer {}): define what it uses in its \
                     own layer or below",
                    name(a),
                    la + 1,
                    name(b),
                    lb + 1
                ));
            }
            continue;
        }
        let Some((sa, sb)) = siblings(a, b) else {
            continue;
        };
        let (Some(la), Some(lb)) = (layer(a), layer(b)) else {
            continue;
        };
        if la >= lb || in_allowed_cycle(&sa, &sb) {
            continue;
        }
        let pair = (name(&sa), name(&sb));
        if allowed_upward.contains(&(pair.0.as_str(), pair.1.as_str())) {
            upward_seen.insert(pair);
            continue;
        }
        problems.push(format!(
            "{} (layer {}) uses {} (layer {}): a lower layer uses a higher one",
            name(a),
            la + 1,
            name(b),
            lb + 1
        ));
    }
    for (a, b) in allowed_upward {
        if !upward_seen.contains(&((*a).to_owned(), (*b).to_owned())) {
            problems.push(format!("allowed use {a} -> {b} gone, take it off the list"));
        }
    }
    problems
}

fn join(c: &BTreeSet<String>) -> String {
    c.iter().cloned().collect::<Vec<_>>().join(", ")
}

fn sources(dir: &Path, root: &Path, out: &mut Vec<(Module, String)>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sources(&p, root, out);
        } else if let Some(m) = module_of(p.strip_prefix(root).expect("under src/")) {
            out.push((m, std::fs::read_to_string(&p).expect("a source file")));
        }
    }
}

#[test]
fn src_has_no_cycle_and_no_upward_use() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &root.join("src"), &mut files);
    let core = root.join("crates/hamle-core/src");
    sources(&core, &core, &mut files);
    let g = graph(&files);
    assert!(
        g.modules.len() > 50,
        "found only {} modules",
        g.modules.len()
    );
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let problems = problems(&g, &layers(&architecture), ALLOWED_CYCLES, ALLOWED_UPWARD);
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// The core crate's `[dependencies]`: shakmaty and arrayvec, nothing else (no tokio, serde,
/// Fluent or I/O crate can be used there, so the core stays pure by construction).
#[test]
fn core_depends_on_shakmaty_and_arrayvec_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("crates/hamle-core/Cargo.toml")).unwrap();
    let mut section = "";
    let mut dependencies = BTreeSet::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if section.contains("dependencies")
            // The tests' own (random schedules) never reach a build of the crate.
            && !section.contains("dev-dependencies")
            && !line.is_empty()
            && !line.starts_with('#')
        {
            let name = line.split(['=', '.']).next().unwrap_or("").trim();
            dependencies.insert(format!("{section} {name}"));
        }
    }
    let expected: BTreeSet<String> = ["[dependencies] arrayvec", "[dependencies] shakmaty"]
        .map(str::to_owned)
        .into();
    assert_eq!(dependencies, expected);
}

/// A game's task (`server::host::actor` and its children) takes typed requests only: it holds
/// no bus subscription and reads or writes no JSON. What comes over NATS is read by the game's
/// tail and inbox (`server::host::relay`, over `server::cluster::feeds`).
#[test]
fn the_games_task_touches_neither_the_bus_nor_json() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let host = root.join("src/server/host");
    let mut files = vec![host.join("actor.rs")];
    for entry in std::fs::read_dir(host.join("actor")).unwrap() {
        files.push(entry.unwrap().path());
    }
    assert!(files.len() >= 4, "{files:?}");
    let mut found = Vec::new();
    for file in &files {
        let (code, _) = without_tests(&code_only(&std::fs::read_to_string(file).unwrap()));
        for crate_name in ["async_nats", "serde_json", "serde"] {
            if path_into(&code, crate_name) {
                found.push(format!("{} uses {crate_name}", file.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// Whether `code` names a path into the crate `name` (`name::…`, not `other_name::…`).
fn path_into(code: &str, name: &str) -> bool {
    code.match_indices(&format!("{name}::")).any(|(at, _)| {
        code[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
    })
}

#[test]
fn a_path_into_a_crate_is_told_from_a_longer_name() {
    assert!(path_into("let m: async_nats::Message;", "async_nats"));
    assert!(path_into("use serde::Deserialize;", "serde"));
    assert!(!path_into("let v = serde_json::from_slice(b);", "serde"));
    assert!(!path_into("my_serde::x", "serde"));
}

// The checker itself, on small made-up crates.

fn m(path: &str) -> Module {
    if path.is_empty() {
        Vec::new()
    } else {
        path.split("::").map(str::to_owned).collect()
    }
}

fn crate_of(files: &[(&str, &str)]) -> Graph {
    let files: Vec<(Module, String)> = files.iter().map(|(p, s)| (m(p), (*s).to_owned())).collect();
    graph(&files)
}

fn three_layers() -> Vec<Vec<Module>> {
    vec![
        vec![m("core")],
        vec![m("shell"), m("shell::a"), m("shell::b")],
        vec![m("cli")],
    ]
}

#[test]
fn a_cycle_between_siblings_is_found_wherever_its_edges_start() {
    let g = crate_of(&[
        ("", "pub mod core; pub mod shell; pub mod cli;"),
        ("core", ""),
        ("cli", "use crate::shell;"),
        ("shell", "mod a; mod b; use a::X;"),
        ("shell::a", "use super::b::{self, Y};"),
        ("shell::b", "mod inner;"),
        ("shell::b::inner", "fn f() { let _ = crate::shell::a::X; }"),
    ]);
    let found = problems(&g, &three_layers(), &[], &[]);
    assert_eq!(found, ["import cycle: shell::a, shell::b"]);
    // Allowed exactly as it is, it passes; allowed but gone, it fails.
    assert!(problems(&g, &three_layers(), &[&["shell::a", "shell::b"]], &[]).is_empty());
    let fixed = crate_of(&[
        ("", ""),
        ("core", ""),
        ("cli", ""),
        ("shell", ""),
        ("shell::a", "use super::b::Y;"),
        ("shell::b", ""),
    ]);
    assert_eq!(
        problems(&fixed, &three_layers(), &[&["shell::a", "shell::b"]], &[]),
        ["allowed cycle gone, take it off the list: shell::a, shell::b"]
    );
}

#[test]
fn an_upward_use_is_found_and_comments_strings_and_tests_are_not_code() {
    let g = crate_of(&[
        ("", ""),
        (
            "core",
            "// use crate::cli;\n/// crate::shell::a\nconst S: &str = \"crate::cli::x\";\n\
             const R: &str = r#\"use crate::cli;\"#;\nconst C: char = '{';\n\
             #[cfg(test)]\nmod tests { use crate::cli::Fixture; }\n#[cfg(test)]\nmod more;\n\
             fn f<'a>(x: &'a str) -> &'a str { x }\n\
             pub fn g() { crate::shell::a::h() }",
        ),
        ("core::more", "use crate::cli::Anything;"),
        ("shell", ""),
        ("shell::a", "pub fn h() {}"),
        ("shell::b", ""),
        ("cli", ""),
    ]);
    assert_eq!(
        problems(&g, &three_layers(), &[], &[]),
        ["core (layer 1) uses shell::a (layer 2): a lower layer uses a higher one"]
    );
    assert!(problems(&g, &three_layers(), &[], &[("core", "shell")]).is_empty());
}

#[test]
fn every_module_has_a_layer_and_every_listed_layer_a_module() {
    let g = crate_of(&[
        ("", ""),
        ("core", ""),
        ("shell", ""),
        ("shell::a", ""),
        ("shell::b", ""),
        ("shell::new", ""),
        ("cli", ""),
        ("extra", ""),
    ]);
    let mut layers = three_layers();
    layers[0].push(m("gone"));
    assert_eq!(
        problems(&g, &layers, &[], &[]),
        [
            "ARCHITECTURE.md lists gone, which is no module",
            "extra is in no layer of ARCHITECTURE.md",
            "shell::new is in no layer of ARCHITECTURE.md",
        ]
    );
}

#[test]
fn use_trees_expand() {
    assert_eq!(
        expand("super::{a, b::{self, C}, d as e}"),
        ["super::a", "super::b", "super::b::C", "super::d"]
    );
    assert_eq!(
        paths("use crate::x::{y::Z, w};\nfn f() { super::q::r(); other::crate::no(); }"),
        ["crate::x::y::Z", "crate::x::w", "super::q::r"]
    );
    // A restricted visibility names who may use an item; it is no use of that module.
    assert_eq!(
        paths("pub(in crate::server) fn f() { crate::a::b(); }\npub(in super::x) struct S;"),
        ["crate::a::b"]
    );
}

#[test]
fn layers_are_read_bottom_first_with_their_continuation_lines() {
    let doc = "# A\n\n## Layers\n\nText `not::a::layer`.\n\n1. `core` — the core,\n   \
               `still::not`.\n2. `shell::a`,\n   `shell::b` — the shell.\n\n## Next\n\n3. `cli` — no.\n";
    assert_eq!(
        layers(doc),
        [vec![m("core")], vec![m("shell::a"), m("shell::b")]]
    );
}

/// Where production code starts a task that no tracker counts, as `file: line` (the signal
/// task is the one allowed: it starts the shutdown the trackers wait for).
fn untracked_spawns(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (file, src) in files {
        let (code, _) = without_tests(&code_only(src));
        for (n, line) in code.lines().enumerate() {
            let spawns = ["tokio::spawn(", "task::spawn(", "std::thread::spawn("]
                .iter()
                .any(|s| line.contains(s));
            let allowed =
                file == "server::command" && line.contains("tokio::spawn(cancel_on_signal(");
            if spawns && !allowed {
                found.push(format!("{file}: {}", n + 1));
            }
        }
    }
    found
}

/// Every task the server starts is on a tracker (the server's or a game's), so a shutdown
/// waits for it; a task owned by a handle that aborts it on drop is on one too.
#[test]
fn every_task_of_the_server_is_tracked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut modules = Vec::new();
    sources(&root.join("src/server"), &root.join("src"), &mut modules);
    let files: Vec<(String, String)> = modules.into_iter().map(|(m, s)| (name(&m), s)).collect();
    assert!(files.len() > 40, "found only {} files", files.len());
    let found = untracked_spawns(&files);
    assert!(found.is_empty(), "untracked tasks:\n{}", found.join("\n"));
    // The check finds one, and not in a test module.
    let planted = [(
        "server::x".to_owned(),
        "fn a() { tokio::spawn(async {}); }\n#[cfg(test)]\nmod tests { fn b() { tokio::spawn(async {}); } }"
            .to_owned(),
    )];
    assert_eq!(untracked_spawns(&planted), ["server::x: 1"]);
}
