// A server-given icon (server, tool, prompt, resource): shown only from data:
// images or allowed https: origins, never with a referrer; a held-back icon is a
// small marked box whose tooltip says why and where to allow it.
import { useEffect, useState } from 'react';
import { useIconOrigins } from '../../hooks.js';
import { chooseIcon } from './icon-choice.js';

export function McpIcon({ icons, size = 16 }: { icons: unknown; size?: number }) {
  const allowed = useIconOrigins((s) => s.allowed);
  const noteBlocked = useIconOrigins((s) => s.noteBlocked);
  const choice = chooseIcon(icons, allowed, { size });
  const [failed, setFailed] = useState<string | undefined>();
  const blocked = choice?.status === 'blocked' ? choice : undefined;
  useEffect(() => {
    if (blocked) noteBlocked(blocked.origin, blocked.src);
  }, [blocked?.origin, blocked?.src, noteBlocked]); // eslint-disable-line react-hooks/exhaustive-deps -- the choice object is new each render

  if (choice === undefined) return null;
  if (choice.status === 'show' && failed !== choice.src) {
    return (
      <img
        className="mcp-icon"
        src={choice.src}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        loading="lazy"
        onError={() => setFailed(choice.src)}
      />
    );
  }
  const why =
    choice.status === 'blocked'
      ? `Icon from ${choice.origin} not loaded: mcpscope loads remote icons only from origins you allow (see "Icons" under the connection).`
      : choice.status === 'refused'
        ? `Icon not loaded: ${choice.reason}.`
        : `Icon ${choice.src.slice(0, 120)} did not load.`;
  return (
    <span
      className={`mcp-icon held status-${choice.status === 'show' ? 'failed' : choice.status}`}
      title={why}
      role="img"
      aria-label={why}
      style={{ width: size, height: size }}
    />
  );
}
