// Written into every page of the offline site by `kaszino site build`; runs before JupyterLite
// starts. A new release of the site must not be hidden by what an earlier one left in the browser:
// JupyterLite keeps a copy of each page a learner opened (and saved) in the browser's storage, and
// shows that copy instead of the page the site serves. On the first visit of a release, the kept
// copies of the site's own pages are deleted; every other kept file stays, the learner's progress
// file among them. (The settings and the workspace are kept under names of their release.)
// resetSite(), for the start page's reset button, deletes the kept pages, settings and workspaces
// of every release, the site's caches and its service worker; again, the progress file stays.
// A static server that sends no caching rules of its own (Python's http.server, for one) lets the
// browser keep each file and use its copy, without asking, for a while (in Chromium a tenth of the
// time since the file last changed): a new release's pages, their list and its settings would be
// hidden by the copies of the release before. So every file of the site fetched from this page is
// fetched only after asking the server whether it changed (an unchanged one is not sent again).
const fetchKept = window.fetch.bind(window);
window.fetch = (resource, options = {}) => {
  const request = resource instanceof Request ? resource : null;
  const url = new URL(request ? request.url : resource, location.href);
  const method = options.method ?? request?.method ?? "GET";
  if (url.origin === location.origin && method === "GET" && options.cache === undefined) {
    return fetchKept(resource, { ...options, cache: "no-cache" });
  }
  return fetchKept(resource, options);
};

const RELEASE = "@RELEASE@";
const PAGES = @PAGES@;
const KEPT = ["kaszino-progress.sqlite3"];
const SEEN = "kaszino-site-release";

function contentsStorage() {
  // JupyterLite's own name for its kept files: its root's path on this server.
  const root = document.getElementById("jupyter-config-data").dataset.jupyterLiteRoot;
  return `JupyterLite Storage - ${new URL(`${root}/`, location.href).pathname}`;
}

function request(action) {
  return new Promise((resolve, reject) => {
    action.onsuccess = () => resolve(action.result);
    action.onerror = () => reject(action.error);
  });
}

async function deleteFiles(keep) {
  const open = indexedDB.open(contentsStorage());
  open.onupgradeneeded = () => open.transaction.abort(); // nothing kept yet: create nothing
  let database;
  try {
    database = await request(open);
  } catch {
    return;
  }
  const stores = ["files", "checkpoints"].filter((name) => database.objectStoreNames.contains(name));
  if (stores.length) {
    const change = database.transaction(stores, "readwrite");
    for (const name of stores) {
      const store = change.objectStore(name);
      for (const key of await request(store.getAllKeys())) {
        if (!keep(String(key))) store.delete(key);
      }
    }
    await new Promise((resolve, reject) => {
      change.oncomplete = resolve;
      change.onerror = () => reject(change.error);
    });
  }
  database.close();
}

export async function resetSite() {
  await deleteFiles((path) => KEPT.includes(path));
  // Deleted once this page lets go of them, before the next page opens them: not awaited.
  for (const { name } of await indexedDB.databases()) {
    if (name && name.startsWith("Kaszinó ")) indexedDB.deleteDatabase(name);
  }
  for (const name of await caches.keys()) await caches.delete(name);
  for (const worker of await navigator.serviceWorker.getRegistrations()) await worker.unregister();
  localStorage.removeItem(SEEN);
}

if (localStorage.getItem(SEEN) !== RELEASE) {
  await deleteFiles((path) => !PAGES.includes(path));
  localStorage.setItem(SEEN, RELEASE);
}
