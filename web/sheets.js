// A player's sheet file read and parsed for the box (docs/web.md, The page):
// text, UTF-8, a sensible size, TOML; what is wrong says the file and line.
import { parse as parseToml, TomlError } from "./vendor/smol-toml/index.js";

export const SHEET_LIMIT = 64 * 1024;   // a sheet larger than this is not a sheet

// {text, data} of a sheet file, or {error} saying what and where.
export async function readSheet(file) {
  const where = file.name;
  if (file.size > SHEET_LIMIT) return { error: `${where}: ${file.size} bytes is too large for a sheet (${SHEET_LIMIT} at most); nothing loaded` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (_) {
    return { error: `${where}: not UTF-8 text; save the sheet as UTF-8; nothing loaded` };
  }
  if (text.includes("\u0000")) return { error: `${where}: not a text file; nothing loaded` };
  try {
    return { text, data: parseToml(text) };
  } catch (e) {
    if (e instanceof TomlError) return { error: `${where}:${e.line}:${e.column}: not valid TOML: ${e.message.split("\n")[0]}; nothing loaded` };
    return { error: `${where}: not valid TOML: ${e.message}; nothing loaded` };
  }
}

// The line where a field (skills[1].level) is written, best effort: its first key.
export function lineOf(text, field) {
  const key = literal(field.split(/[.[]/)[0]);
  const written = new RegExp(`^\\s*(\\[\\[?\\s*)?["']?${key}["']?\\s*(=|\\])`);
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (written.test(lines[i])) return i + 1;
  }
  return null;
}

// Text a regular expression matches as it is: a field name from a sheet is
// the sheet's, so "(a+)+b" must not backtrack nor "(" fail to compile.
function literal(text) {
  return text.replace(/[\\^$.*+?()[\]{}|\/-]/g, "\\$&");
}

// A message that quotes a whole value (a 5,000-character name) is cut short.
export function clip(text, most = 240) {
  return text.length > most ? text.slice(0, most) + "…" : text;
}
