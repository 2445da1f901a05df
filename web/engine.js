// The page's side of the engine: one Web Worker running boardsolve.wasm,
// requests answered by promises. A worker busy with a search cannot read
// messages, so stopping it means terminating it and starting a fresh one.
export class Engine {
  constructor({ onProgress } = {}) {
    this.onProgress = onProgress || (() => {});
    this.nextId = 1;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url));
    this.worker.onmessage = ev => {
      const { id, response, progress, module } = ev.data;
      if (module) { this.module = module; return; }
      const p = this.pending.get(id);
      if (progress) {
        if (p) p.progress = progress;
        this.onProgress(progress, id);
        return;
      }
      if (!p) return;
      this.pending.delete(id);
      p.resolve(response);
    };
    this.worker.onerror = ev => {
      ev.preventDefault();
      const message = 'the engine could not start: ' + (ev.message || 'worker error');
      for (const [, p] of this.pending) p.resolve({ error: { kind: 'bug', message } });
      this.pending.clear();
    };
    // The module an earlier worker compiled, if any: no second download.
    try {
      this.worker.postMessage({ init: { module: this.module || null } });
    } catch (e) {
      this.module = null;
      this.worker.postMessage({ init: { module: null } });
    }
  }

  get busy() { return this.pending.size > 0; }

  // Resolves with the response object ({ok} or {error}); a request cut
  // short by stop() resolves with {stopped: true, progress}.
  call(request) {
    const id = this.nextId++;
    return new Promise(resolve => {
      this.pending.set(id, { resolve, request, progress: null });
      this.worker.postMessage({ id, request });
    });
  }

  // Ends whatever the worker is doing and starts a new one.
  stop() {
    this.worker.terminate();
    const cut = [...this.pending.values()];
    this.pending.clear();
    this.start();
    for (const p of cut) p.resolve({ stopped: true, progress: p.progress });
  }
}
