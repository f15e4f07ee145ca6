// The one component that shows an app (see app-frame-contract.ts): the proxy's
// sandbox page in an iframe on its own origin, the CSP of the resource's
// declared domains in that page's URL (the proxy turns them into its header),
// the host side of the bridge in app-session.ts. Loaded lazily (LazyAppFrame).
import { buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { sandboxPageUrl } from '../../../protocol/index.js';
import { useLaunchConfig } from '../../api/launch-config.js';
import { useApp } from '../../hooks.js';
import type { AppFrameProps } from './app-frame-contract.js';
import './app-frame.css';
import { permissionsOf, startAppSession, type AppSession } from './app-session.js';
import { ipv6PageProblem } from './page-origin.js';

// The spec's sandbox proxy frame: it runs its script on its own origin and nothing more.
const OUTER_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

export function AppFrame(props: AppFrameProps): ReactElement {
  const { token } = useApp();
  const launch = useLaunchConfig(token ?? '');
  const sandboxUrl = launch.data?.sandboxUrl;
  const ipv6 = ipv6PageProblem(window.location);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const noSandbox = sandboxUrl === undefined || ipv6 !== undefined;
  // Without the sandbox page there is no app to tear down: closing removes it at once.
  useEffect(() => {
    if (props.closing === true && noSandbox) latest.current.onTornDown?.({ kind: 'not-started', reason: 'no-sandbox' });
  }, [props.closing, noSandbox]);

  if (launch.isPending) return <p className="app-frame-note">Starting the app sandbox…</p>;
  if (sandboxUrl === undefined) {
    return (
      <p className="app-frame-note" role="alert">
        {launch.error !== null
          ? `The app cannot be shown: ${launch.error.message}`
          : 'The app cannot be shown: this mcpscope proxy has no app sandbox (it is older than this page). Restart mcpscope and reload the page.'}
      </p>
    );
  }
  if (ipv6 !== undefined) {
    return (
      <p className="app-frame-note" role="alert">
        {ipv6}
      </p>
    );
  }
  return <SandboxFrame {...props} sandboxUrl={sandboxUrl} />;
}

function SandboxFrame(props: AppFrameProps & { sandboxUrl: string }): ReactElement {
  const { resource, grantedPermissions, sandboxUrl, title } = props;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const latest = useRef(props);
  const session = useRef<AppSession | undefined>(undefined);
  const [height, setHeight] = useState<number | undefined>(undefined);
  const src = useMemo(() => sandboxPageUrl(sandboxUrl, resource.csp, window.location.origin), [sandboxUrl, resource.csp]);
  const allow = buildAllowAttribute(permissionsOf(grantedPermissions));
  // A new app, new domains or new permissions: a new frame and a new session.
  const key = `${src} ${allow} ${resource.uri}`;

  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const frame = frameRef.current?.contentWindow;
    if (frame === null || frame === undefined) return;
    const started = startAppSession(
      frame,
      new URL(sandboxUrl).origin,
      () => latest.current,
      (size) => {
        if (size.height !== undefined) setHeight(size.height);
      },
    );
    session.current = started;
    return () => {
      session.current = undefined;
      // The frame is gone with this component: an owner that closes the app asks first (`closing`).
      started.close();
    };
    // `key` names everything the session is made from; the rest is read through `latest`.
  }, [key, sandboxUrl]);

  useEffect(() => {
    session.current?.update();
  }, [props.hostContext, props.toolInput, props.toolResult]);

  useEffect(() => {
    if (props.closing !== true) return;
    if (session.current !== undefined) void session.current.teardown();
    else latest.current.onTornDown?.({ kind: 'not-started', reason: 'no-frame' });
  }, [props.closing]);

  return (
    <iframe
      key={key}
      ref={frameRef}
      src={src}
      title={title}
      sandbox={OUTER_SANDBOX}
      allow={allow === '' ? undefined : allow}
      referrerPolicy="no-referrer"
      className={resource.prefersBorder === true ? 'app-frame app-frame-bordered' : 'app-frame'}
      style={height !== undefined ? { height } : undefined}
    />
  );
}
