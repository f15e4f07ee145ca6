// Follow the newest line while the view is at the bottom; stop when the person
// scrolls up, until they jump back. Shared by the Log and Console tabs.

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How close to the end (px) still counts as "at the bottom". */
const AT_END_SLACK = 8;

export function useFollowScroll(ref: RefObject<HTMLElement | null>, count: number) {
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(following);
  followingRef.current = following;

  const scrollToEnd = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [ref]);

  useLayoutEffect(() => {
    if (following) scrollToEnd();
  }, [count, following, scrollToEnd]);

  // A hidden tab has no size; when it is shown (or resized) keep following.
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (followingRef.current) scrollToEnd();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, scrollToEnd]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el || el.clientHeight === 0) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_END_SLACK;
    if (atEnd !== followingRef.current) setFollowing(atEnd);
  }, [ref]);

  const jumpToLatest = useCallback(() => {
    setFollowing(true);
    scrollToEnd();
  }, [scrollToEnd]);

  return { following, onScroll, jumpToLatest };
}
