import { createHmac } from "node:crypto";
import { SECURITY_CODE_ALPHABET, SECURITY_CODE_LENGTH } from "./client";

const BASE = SECURITY_CODE_ALPHABET.length; // 25
const HALF = BASE ** (SECURITY_CODE_LENGTH / 2); // 625: a code is two halves of two characters
/** How many codes an organization has per day: 25^4 = 390,625. */
export const SECURITY_CODE_SPACE = HALF * HALF;
const ROUNDS = 4;

const roundValue = (key: Buffer, round: number, half: number) => createHmac("sha256", key).update(`${round}:${half}`).digest().readUInt32BE(0) % HALF;

/**
 * The code at `index` (0 ≤ index < 390,625) of a day whose secret is `key` (pure). A four-round Feistel
 * network on the two halves of the index is a permutation of the whole code space: distinct indexes give
 * distinct codes, and without the key neighbouring indexes give unrelated codes, so knowing one's own claim
 * tag says nothing about the codes handed out before or after it (docs/decisions/043).
 */
export function codeAt(key: Buffer, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= SECURITY_CODE_SPACE) throw new RangeError(`code index ${index} is outside 0..${SECURITY_CODE_SPACE - 1}`);
  let left = Math.floor(index / HALF);
  let right = index % HALF;
  for (let round = 0; round < ROUNDS; round++) [left, right] = [right, (left + roundValue(key, round, right)) % HALF];
  let value = left * HALF + right;
  let code = "";
  for (let i = 0; i < SECURITY_CODE_LENGTH; i++) {
    code = SECURITY_CODE_ALPHABET[value % BASE] + code;
    value = Math.floor(value / BASE);
  }
  return code;
}
