// Where the page's sampling store learns what it judges a request against —
// the connection, the version in use, what this client declared, the tool
// call in flight.

import { DEFAULT_PROTOCOL_VERSION } from '../../../protocol/index.js';
import type { ConnectionScope } from '../../workspace/connection-scope.js';
import { createSamplingStore, type AnswerWithModel, type SamplingRequestContext, type SamplingStore } from './sampling-store.js';

type SamplingSources = Pick<ConnectionScope, 'controller' | 'toolsStore'>;

/** The context of a request arriving now. */
export function samplingContextOf({ controller, toolsStore }: SamplingSources): SamplingRequestContext {
  const snapshot = controller.connection?.snapshot;
  const session = controller.session;
  const call = toolsStore.getState().inFlight;
  return {
    connection: snapshot?.connection ?? 0,
    // The negotiated version once initialize is done; the offered one until then.
    version: session?.info?.protocolVersion ?? snapshot?.offeredVersion ?? DEFAULT_PROTOCOL_VERSION,
    clientCapabilities: { ...(session?.declaredCapabilities ?? {}) },
    ...(call ? { toolCall: { name: call.tool.name, ...(call.requestId !== undefined ? { requestId: call.requestId } : {}) } } : {}),
  };
}

/** The store, reading its sources only when a request comes (the app is built after the store). */
export function samplingStoreFor(sources: () => SamplingSources, answerWithModel?: AnswerWithModel): SamplingStore {
  return createSamplingStore({ context: () => samplingContextOf(sources()), ...(answerWithModel ? { answerWithModel } : {}) });
}
