// The server answered initialize with -32601: say so, and offer to carry on
// without the handshake (Ping, Tools and Resources still work).

import { useConnectionScope, useConnection } from '../../hooks.js';

export function InitializeChoice() {
  const { controller } = useConnectionScope();
  const message = useConnection((s) => (s.snapshot?.status === 'initializing' ? s.snapshot.initializeUnsupported : undefined));
  if (message === undefined) return null;
  return (
    <div className="failure initialize-choice" role="alert">
      <p className="failure-title">This server does not implement initialize</p>
      <p>{message}</p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => controller.continueWithoutInitialize()}>
          Continue without initialize
        </button>
        <button type="button" onClick={() => controller.disconnect()}>
          Disconnect
        </button>
      </div>
    </div>
  );
}
