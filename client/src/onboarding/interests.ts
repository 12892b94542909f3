import { MAX_INTEREST_LENGTH, MAX_INTERESTS } from '@shared/accounts/account.schemas.js';

export interface InterestsUpdate {
  interests: string[];
  /** Why some of the typed text was not added; null when all of it was. */
  problem: string | null;
}

/**
 * Adds what the member typed (one interest, or several separated by commas) to the list:
 * spaces collapsed, duplicates ignored whatever their case, at most 20 of at most 30 characters.
 */
export function addInterests(current: readonly string[], typed: string): InterestsUpdate {
  const interests = [...current];
  let problem: string | null = null;
  for (const part of typed.split(',')) {
    const interest = part.trim().replace(/\s+/g, ' ');
    if (!interest) continue;
    if (interest.length > MAX_INTEREST_LENGTH) {
      problem = `Keep each interest to ${MAX_INTEREST_LENGTH} characters.`;
      continue;
    }
    if (interests.some((existing) => existing.toLowerCase() === interest.toLowerCase())) continue;
    if (interests.length >= MAX_INTERESTS) {
      problem = `You can add up to ${MAX_INTERESTS} interests.`;
      break;
    }
    interests.push(interest);
  }
  return { interests, problem };
}
