// Under the connection: the origins icons were held back from (allow each in
// one click) and the origins already allowed (forget each).
import { plural } from '../../../protocol/index.js';
import { useIconOrigins } from '../../hooks.js';

export function IconOrigins() {
  const blocked = useIconOrigins((s) => s.blocked);
  const allowed = useIconOrigins((s) => s.allowed);
  const allow = useIconOrigins((s) => s.allow);
  const forget = useIconOrigins((s) => s.forget);
  if (blocked.size === 0 && allowed.size === 0) return null;
  return (
    <section className="icon-origins" aria-label="Icons">
      <span className="label">Icons</span>
      {blocked.size > 0 && (
        <>
          <p className="hint">
            The server&apos;s icons come from other hosts. Loading one tells that host that you are looking, so mcpscope waits for your word:
          </p>
          <ul>
            {[...blocked].map(([origin, srcs]) => (
              <li key={origin}>
                <span className="mono">{origin}</span> · {plural(srcs.size, 'icon')} not loaded{' '}
                <button type="button" className="small" onClick={() => allow(origin)}>
                  Allow icons from {origin}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {allowed.size > 0 && (
        <ul aria-label="Allowed icon origins">
          {[...allowed].map((origin) => (
            <li key={origin}>
              icons allowed from <span className="mono">{origin}</span>{' '}
              <button type="button" className="small" onClick={() => forget(origin)}>
                Forget
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
