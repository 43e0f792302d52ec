// One tab holds the box at a time (Web Locks): the first takes it, another
// waits or takes it over; `lost` is called in the tab it was taken from.
const LOCK = "fatebox-box";

// True when this tab now holds the box, false when another does.
export function holdLock(fb, lost) {
  if (!navigator.locks) { fb.holder = true; return Promise.resolve(true); }
  return new Promise((resolve) => {
    navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => {
      if (!lock) { resolve(false); return; }
      fb.holder = true;
      resolve(true);
      return new Promise(() => {});      // held while the page lives
    }).catch(lost);                      // stolen: another tab took the box over
  });
}

// The box taken from the tab that holds it (that one stops).
export function takeOver(fb, lost) {
  return new Promise((resolve) => {
    navigator.locks.request(LOCK, { steal: true }, () => {
      fb.holder = true;
      resolve();
      return new Promise(() => {});
    }).catch(lost);
  });
}

// Waits for the box, held once the tab that has it closes: then `got`.
export function waitForLock(fb, lost, signal, got) {
  navigator.locks.request(LOCK, { signal }, () => {
    fb.holder = true;
    got();
    return new Promise(() => {});
  }).catch(() => { if (fb.holder) lost(); });
}
