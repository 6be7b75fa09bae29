// Deterministic filler text of the demo affidavits.

// Filler body text. Plain ASCII on purpose: the standard fonts only encode WinAnsi.
export const PARAGRAPHS = [
  "Affiant is over the age of eighteen (18) years, is of sound mind, and is fully competent to make this affidavit. The facts stated herein are within Affiant's personal knowledge and are true and correct, and if called upon to testify as a witness, Affiant could and would competently testify thereto.",
  "Affiant has presented to the undersigned officer a current government-issued identification document bearing Affiant's photograph and signature, and affirms that the name, date of birth, and residential address shown thereon are accurate and have not been altered, suspended, or revoked.",
  'Affiant is the same person whose name appears in the caption of this instrument and in the records maintained under the matter reference shown above. Affiant has not been known by any other name during the preceding ten (10) years, except as may be disclosed in a separate writing attached hereto.',
  'Affiant has read the foregoing and following statements in their entirety, understands their contents and legal effect, and executes this affidavit freely and voluntarily, without duress, coercion, or undue influence of any kind, and for the purposes expressed herein.',
  "To the best of Affiant's knowledge, information, and belief, no action, suit, or proceeding is pending or threatened against Affiant that would impair Affiant's ability to enter into or perform the transaction to which this affidavit relates, and no judgment or lien has been recorded against Affiant in any jurisdiction.",
  'Affiant acknowledges that the recipient of this affidavit, together with its successors and assigns, will rely upon the truth and accuracy of the statements made herein, and Affiant agrees to indemnify and hold harmless such parties from any loss arising from a material misstatement or omission.',
  'Affiant has not executed any prior power of attorney, assignment, or other instrument that remains in effect and that would conflict with the representations made in this affidavit, and Affiant shall promptly notify the preparing firm should any such instrument come to light.',
  "The signature appearing below is Affiant's true and genuine signature, made in Affiant's own hand or by electronic means adopted with the intent to sign, and Affiant agrees that an electronic or facsimile copy of this affidavit shall have the same force and effect as the original.",
  'Affiant understands that this affidavit may be recorded in the public records of the county stated in the venue above, or filed with any court, agency, or registry having jurisdiction, and consents to such recording or filing without further notice.',
  'Nothing in this affidavit shall be construed as a waiver of any right, privilege, or defense available to Affiant under applicable law, and the statements herein are made solely for the limited purpose described above and for no other purpose whatsoever.',
  'Affiant further states that all documents furnished in connection with this matter, including any supporting statements, exhibits, and schedules, are true, complete, and correct copies of the originals, and that no document has been withheld that would render any of them misleading.',
  'Affiant is aware that knowingly making a false statement in this affidavit may constitute perjury or false swearing under the laws of the state named in the venue above, and may subject Affiant to criminal penalties and civil liability in addition to any other remedy available at law or in equity.',
];

// Past the first dozen, paragraphs are stitched from two sentences so long documents do not
// visibly repeat whole paragraphs.
export const sentencesOf = (pool: readonly string[]) =>
  pool.flatMap((p) => p.split(/(?<=\.) (?=[A-Z])/));
const SENTENCES = sentencesOf(PARAGRAPHS);
export function mixed(seed: number, n: number, sentences: readonly string[] = SENTENCES): string {
  const r = hash(`${seed}:${n}`);
  const i = r % sentences.length;
  const j = (i + 1 + ((r >>> 8) % (sentences.length - 1))) % sentences.length;
  return `${sentences[i]} ${sentences[j]}`;
}

// A venue line with a real-looking county reads better than a blank; unknown states get a blank.
export const COUNTIES: Record<string, string[]> = {
  texas: ['Travis', 'Harris', 'Dallas', 'Bexar'],
  california: ['Los Angeles', 'Sacramento', 'San Diego'],
  florida: ['Miami-Dade', 'Orange', 'Hillsborough'],
  'new york': ['New York', 'Kings', 'Albany'],
  illinois: ['Cook', 'DuPage'],
  georgia: ['Fulton', 'Cobb'],
  washington: ['King', 'Pierce'],
  ohio: ['Franklin', 'Cuyahoga'],
};

export function hash(s: string): number {
  let h = 0x811c9dc5; // FNV-1a: tiny and stable across runs
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
