import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * The search parameters of the screen on view, for a screen that keeps its own state in its URL
 * (Create's ?imageId and ?render). A write is a navigation, and a navigation cancels the one in
 * flight: the screen's bookkeeping must never cancel the user's. So a write is dropped once the
 * screen is unmounted, when the router is no longer on the screen's path, or while a navigation to
 * another path is under way. The router's own state decides, not the rendered one: React renders
 * a navigation in a transition, so a timer can fire after the click and before the next render.
 * A function passed to the setter gets the router's current parameters, not the rendered ones.
 */
export function useScreenSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setSearchParams] = useSearchParams();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { pathname } = useLocation();
  const screenPath = useRef(pathname);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const setParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      if (!mounted.current) return;
      if (!router) {
        setSearchParams(next, options);
        return;
      }
      const { location, navigation } = router.state;
      if (location.pathname !== screenPath.current) return;
      if (navigation.state !== 'idle' && navigation.location?.pathname !== screenPath.current) return;
      setSearchParams(typeof next === 'function' ? next(new URLSearchParams(location.search)) : next, options);
    },
    [router, setSearchParams],
  );
  return [params, setParams];
}
