/**
 * An appearance ticket number as the phone holds it (§9): the letters of a town, a hyphen, six
 * digits ("XY-000123"). The counter is one for every town, so the digits name the number; the
 * letters are those of the town whose court the ticket is returnable to, and the office stores
 * the number with them (services/ticket_numbers.py), whatever the phone's block showed.
 */
const NUMBER = /^\s*(?:([A-Za-z]{1,4})\s*-?\s*)?0*(\d{1,9})\s*$/;

// The digits of a number, or null when it is no ticket number.
export function digitsOf(number) {
  const m = NUMBER.exec(String(number ?? ""));
  return m ? Number(m[2]) : null;
}

// Two numbers are one when their digits are (the letters may be another town's).
export function sameNumber(a, b) {
  const da = digitsOf(a);
  return da !== null && da === digitsOf(b);
}

// The number with the town's letters, as the office will store it (unchanged when it is no number).
export function withLetters(number, letters) {
  const n = digitsOf(number);
  if (n === null || !letters) return number;
  return `${letters}-${String(n).padStart(6, "0")}`;
}
