// One numbering for every connection of the page, whichever scope opens it:
// log entries, lint findings and query keys name a connection by its number.

export interface ConnectionNumbers {
  /** The number of a connection starting now. */
  next(): number;
  /** Number the next connection after `connection` (the last one of a log restored after a reload). */
  after(connection: number): void;
}

export function createConnectionNumbers(): ConnectionNumbers {
  let last = 0;
  return {
    next: () => ++last,
    after: (connection) => {
      last = Math.max(last, connection);
    },
  };
}
