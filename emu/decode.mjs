// rp2040js decodes each Thumb instruction by walking one long if/else-if chain
// (cortex-m0-core.js, executeInstruction: ADCS first, YIELD last), some eighty
// tests before a STR or a SUBS is found, on every instruction. The same chain,
// its branches' bodies unchanged, reached through a table made once: for each
// 16-bit opcode, the branch the chain would take (a narrow instruction's
// second half-word is 0, so that is exact), then one switch. A wide
// instruction (BL, MRS, MSR, DMB, ...) walks the chain as before, less the
// branches no wide opcode can take. The instructions do what they did, cycle
// for cycle (tests/pico/test_emu_exact.py).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

// Where a string, comment or template literal ends, from its first character at i.
function skipLiteral(src, i) {
  const c = src[i];
  if (c === '/' && src[i + 1] === '/') { const e = src.indexOf('\n', i); return e < 0 ? src.length : e; }
  if (c === '/' && src[i + 1] === '*') return src.indexOf('*/', i + 2) + 2;
  if (c === "'" || c === '"') {
    for (let j = i + 1; j < src.length; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === c) return j + 1;
    }
  }
  if (c === '`') {
    for (let j = i + 1; j < src.length; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === '`') return j + 1;
      else if (src[j] === '$' && src[j + 1] === '{') j = matching(src, j + 1) - 1;
    }
  }
  return -1;
}

// The index just past the bracket that closes the one at `open`.
function matching(src, open) {
  const pairs = { '(': ')', '{': '}', '[': ']' };
  const stack = [];
  for (let i = open; i < src.length;) {
    const c = src[i];
    if (c === '/' || c === "'" || c === '"' || c === '`') {
      const end = skipLiteral(src, i);
      if (end > i) { i = end; continue; }
    }
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === ')' || c === '}' || c === ']') {
      if (stack.pop() !== c) throw new Error('unbalanced ' + c + ' at ' + i);
      if (!stack.length) return i + 1;
    }
    i++;
  }
  throw new Error('no closing bracket for ' + src[open] + ' at ' + open);
}

function skipSpace(src, i) {
  for (;;) {
    while (/\s/.test(src[i])) i++;
    if (src[i] === '/' && (src[i + 1] === '/' || src[i + 1] === '*')) i = skipLiteral(src, i);
    else return i;
  }
}

// The chain in the method's source: [{cond, body}], the last one's cond null (the else).
function parseChain(src, start) {
  const branches = [];
  let i = start;
  for (;;) {
    i = skipSpace(src, i);
    let cond = null;
    if (src.startsWith('if', i) || src.startsWith('else if', i)) {
      i = src.indexOf('(', i);
      const close = matching(src, i);
      cond = src.slice(i + 1, close - 1);
      i = skipSpace(src, close);
    } else if (src.startsWith('else', i)) {
      i = skipSpace(src, i + 4);
    } else {
      break;
    }
    if (src[i] !== '{') throw new Error('a branch without a block at ' + i);
    const close = matching(src, i);
    branches.push({ cond, body: src.slice(i, close) });
    i = close;
    if (cond === null) break;
    const next = skipSpace(src, i);
    if (!src.startsWith('else', next)) break;
  }
  return { branches, end: i };
}

const isWide = (op) => op >> 12 === 0b1111 || op >> 11 === 0b11101;

// The method's source with the table and the switch, or an Error saying what did not fit.
export function fastSource(method) {
  const anchor = 'let deltaCycles = 1;';
  const at = method.indexOf(anchor);
  if (at < 0) throw new Error('executeInstruction has no `' + anchor + '`');
  const chainStart = skipSpace(method, at + anchor.length);
  const { branches, end } = parseChain(method, chainStart);
  if (branches.length < 60 || branches[branches.length - 1].cond !== null) {
    throw new Error('executeInstruction\'s chain is not the expected shape (' + branches.length + ' branches)');
  }
  const conds = branches.slice(0, -1).map((b) => b.cond);
  for (const c of conds) {
    if (/\bthis\b/.test(c)) throw new Error('a branch condition reads the core: ' + c);
  }
  for (const b of branches) {
    // a bare break or continue would mean something else inside a switch
    if (/\b(break|continue)\b/.test(b.body)) throw new Error('a branch body breaks or continues');
  }
  const reads2 = conds.map((c) => /\bopcode2\b/.test(c));
  // the chain's choice as one function: the first branch whose condition holds (opcode2 given)
  const first = new Function('opcode', 'opcode2',
    conds.map((c, k) => 'if (' + c + ') return ' + k + ';').join('\n') + '\nreturn ' + conds.length + ';');
  // the same over the conditions that read only the opcode
  const firstOfOpcode = new Function('opcode',
    conds.map((c, k) => (reads2[k] ? '' : 'if (' + c + ') return ' + k + ';')).join('\n') + '\nreturn ' + conds.length + ';');
  const table = new Uint8Array(65536);
  const elseIndex = branches.length - 1;
  const wideTaken = new Set();
  for (let op = 0; op < 65536; op++) {
    if (isWide(op)) {
      // for the wide chain: the branch this opcode takes by its opcode alone, and every
      // branch before it that reads opcode2
      const k = firstOfOpcode(op);
      if (k < conds.length) wideTaken.add(k);
      for (let j = 0; j < k; j++) if (reads2[j]) wideTaken.add(j);
      continue;
    }
    table[op] = first(op, 0);
  }
  if (elseIndex > 250) throw new Error('too many branches for the table');
  const wide = [...wideTaken].sort((a, b) => a - b)
    .map((k, n) => (n ? 'else ' : '') + 'if (' + branches[k].cond + ') ' + branches[k].body).join('\n')
    + '\nelse ' + branches[elseIndex].body;
  const cases = branches.map((b, k) => 'case ' + k + ': ' + b.body + ' break;').join('\n');
  const body = 'if (wideInstruction) {\n' + wide + '\n} else switch (DECODE_TABLE[opcode]) {\n' + cases + '\n}\n';
  return { source: method.slice(0, chainStart) + body + method.slice(end), table };
}

// rp2040js's CortexM0Core given the table-driven executeInstruction: its
// module's text with the method replaced, loaded as a module of its own (its
// helpers and constants are the module's), the method put on the class in use.
export async function installFastDecode() {
  const require = createRequire(import.meta.url);
  const index = require.resolve('rp2040js').replace(/[\\/]cjs[\\/]index\.js$/, '/esm/index.js');
  const file = path.join(path.dirname(index), 'cortex-m0-core.js');
  // the module rp2040js's RP2040 itself imports (the same URL: the same module)
  const { CortexM0Core } = await import(pathToFileURL(file).href);
  const text = fs.readFileSync(file, 'utf8');
  const method = CortexM0Core.prototype.executeInstruction.toString();
  const at = text.indexOf(method);
  if (at < 0) throw new Error(file + ' is not the CortexM0Core in use');
  const { source, table } = fastSource(method);
  const dir = pathToFileURL(path.dirname(file) + '/').href;
  const patched = (text.slice(0, at) + source + text.slice(at + method.length))
    .replace(/from '\.\/([^']+)'/g, (_, rel) => "from '" + new URL(rel, dir).href + "'")
    .replace(/^/, 'const DECODE_TABLE = globalThis.__fateboxDecodeTable;\n');
  globalThis.__fateboxDecodeTable = table;
  const mod = await import('data:text/javascript;base64,' + Buffer.from(patched).toString('base64'));
  delete globalThis.__fateboxDecodeTable;
  CortexM0Core.prototype.executeInstruction = mod.CortexM0Core.prototype.executeInstruction;
}
