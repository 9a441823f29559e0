/**
 * Whether this process should get new traffic. A balancer reads it at /api/ready; on SIGTERM the process starts
 * draining (ready answers 503) some time before it closes, so that the balancer stops sending requests first.
 */
export type Readiness = {
  readonly draining: boolean;
  /** From now on /api/ready answers 503; everything else is still served. */
  startDraining(): void;
};

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
