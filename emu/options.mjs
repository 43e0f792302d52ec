// The emulated Pico's command line (host/fatebox/pico/emulator.py builds it).

export function parseArgs(argv) {
  const opts = {
    bootrom: null, firmware: null, flash: null, rosc: 'random', cutAt: 0,
    ringPin: 16, ringCount: 12, maxMs: 0, ballast: 0, uid: null, skipSpins: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--bootrom') opts.bootrom = next();
    else if (a === '--firmware') opts.firmware = next();
    else if (a === '--flash') opts.flash = next();
    else if (a === '--rosc') opts.rosc = next();
    else if (a === '--cut-at') opts.cutAt = parseInt(next(), 10);
    else if (a === '--ring-pin') opts.ringPin = parseInt(next(), 10);
    else if (a === '--ring-count') opts.ringCount = parseInt(next(), 10);
    else if (a === '--max-ms') opts.maxMs = parseFloat(next());
    else if (a === '--ballast') opts.ballast = parseInt(next(), 10);
    else if (a === '--uid') opts.uid = next();
    else if (a === '--skip-spins') opts.skipSpins = true;
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}
