// What a tab that drives a server shows while a captured connection is in
// view: mcpscope only watches that session, it cannot send into it.

export function CapturedReadOnly({ what }: { what: string }) {
  return (
    <p className="captured-read-only">
      {`A captured connection is read-only: mcpscope only watches what the host and the server exchange, so ${what} has nothing to do here. Its frames are in the Log, its findings in Problems.`}
    </p>
  );
}
