// Starts the real `hamle serve` binary on a free port with a fresh data directory.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The hamle binary: $HAMLE_BIN, else target/release/hamle or target/debug/hamle. */
export function hamleBinary() {
  const candidates = [process.env.HAMLE_BIN, join(root, 'target/debug/hamle'), join(root, 'target/release/hamle')].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`no hamle binary: build it with cargo build, or set HAMLE_BIN (tried ${candidates.join(', ')})`);
  return found;
}

/** Starts `hamle serve`; `args` are more flags (e.g. the speech recogniser's). The recogniser's
 * variables of the environment (HAMLE_VOICE_*) are not passed on: a server has voice input
 * only when a test asks for it. The handle can stop the process for a while (`signal`:
 * SIGSTOP, SIGCONT) and restart it on the same address with the same data (`restart`). */
export async function startServer({ args = [], timeoutMs = 20000 } = {}) {
  const data = mkdtempSync(join(tmpdir(), 'hamle-web-'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('HAMLE_VOICE_')));
  let stderr = '';
  const spawnServer = (listen) => {
    const child = spawn(hamleBinary(), ['serve', '--listen', listen, '--data', data, ...args], {
      env: { ...env, LANG: 'C.UTF-8', RUST_LOG: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const url = new Promise((resolveUrl, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`hamle did not start: ${out} ${stderr}`)), timeoutMs);
      child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/https?:\/\/[\d.]+:\d+/);
        if (m) {
          clearTimeout(timer);
          resolveUrl(m[0]);
        }
      });
      child.on('exit', (code) => reject(new Error(`hamle exited with ${code}: ${stderr}`)));
    });
    return { child, url };
  };
  const exited = (child) => new Promise((r) => {
    if (child.exitCode !== null || child.signalCode !== null) r();
    else child.on('exit', r);
  });
  let { child, url: started } = spawnServer('127.0.0.1:0');
  const url = await started;
  return {
    url,
    stderr: () => stderr,
    /** Sends a signal to the server process (SIGSTOP: it hears nothing until SIGCONT). */
    signal(sig) {
      child.kill(sig);
    },
    /** Stops the server (SIGTERM) and starts it again on the same address and data. */
    async restart() {
      child.kill('SIGTERM');
      await exited(child);
      ({ child, url: started } = spawnServer(url.replace(/^https?:\/\//, '')));
      await started;
    },
    async stop() {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited(child);
      rmSync(data, { recursive: true, force: true });
    },
  };
}
