import { v7 } from 'uuid';

// Rows written by the thousand, a publication's saved-search alerts (a notification per member, and their pushes),
// take time-ordered ids (UUIDv7, RFC 9562) rather than random ones. A batch's primary-key entries then land side by
// side at the end of the index instead of each on a random page, and SQLite's log copies every page a commit changed
// whole: 15 % fewer writes per alert there, 1 % less WAL on PostgreSQL (decision 063). The ids stay unguessable
// enough for what they guard: 74 random bits, and each route checks the owner.

/** A new UUIDv7: its first 48 bits are the current millisecond, the rest random (monotonic within a millisecond). */
export function timeOrderedId(): string {
  return v7();
}
