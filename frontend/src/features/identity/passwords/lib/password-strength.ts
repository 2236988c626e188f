// The password strength estimate (zxcvbn-ts with its common and English dictionaries). Loaded only
// through a dynamic import (password-strength-meter.tsx): the dictionaries are large and the sign-in
// page never needs them.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

export type StrengthEstimate = {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
};

const zxcvbn = new ZxcvbnFactory({
  translations,
  graphs: adjacencyGraphs,
  dictionary: { ...commonDictionary, ...englishDictionary },
  // Levenshtein matching makes each check take ~0.5 s: too slow to run while typing.
  useLevenshteinDistance: false,
});

/** Estimates how hard `password` is to guess; `userInputs` (name, e-mail) count as easy to guess. */
export function estimateStrength(password: string, userInputs: string[] = []): StrengthEstimate {
  // Long passwords are strong anyway; the estimate slows down with length.
  const result = zxcvbn.check(password.slice(0, 64), userInputs);
  return {
    score: result.score,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
