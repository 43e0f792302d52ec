// The web board's flash kept in IndexedDB (docs/web.md): the files under
// /flash, copied whole in one transaction, so the stored flash is always one
// the firmware wrote. The wasm port has no IDBFS; this copy stands in.
const DB = "fatebox", STORE = "flash";

export function openDb() {
  return new Promise((resolve, reject) => {
    let req;
    try { req = indexedDB.open(DB, 1); } catch (e) { reject(e); return; }
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("the browser's storage is blocked"));
  });
}

// {file name: bytes} as last stored.
export function readFlash(db) {
  return new Promise((resolve, reject) => {
    const out = {};
    const tx = db.transaction(STORE, "readonly");
    const req = tx.objectStore(STORE).openCursor();
    req.onsuccess = () => {
      const c = req.result;
      if (c) { out[c.key] = c.value; c.continue(); } else resolve(out);
    };
    tx.onerror = () => reject(tx.error);
  });
}

// The flash replaced by `entries` ([name, bytes]), all or nothing; rejects
// with the browser's error when it refuses (a full disk, storage withdrawn).
export function writeFlash(db, entries) {
  return new Promise((resolve, reject) => {
    let tx;
    try { tx = db.transaction(STORE, "readwrite"); } catch (e) { reject(e); return; }
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error || new Error("the flash's copy was not stored"));
    try {
      const store = tx.objectStore(STORE);
      store.clear();
      for (const [name, data] of entries) store.put(data, name);
    } catch (e) {
      // Refused mid-way: the transaction is undone, the stored flash stays whole.
      try { tx.abort(); } catch (_) { /* already over */ }
      reject(e);
    }
  });
}
