/** A Page renders into main for the route's params and returns its
 * cleanup (streams closed, timers stopped). reload re-renders the route
 * (after signing in, say). */
export type Page = (main: HTMLElement, params: string[], reload: () => void) => () => void;
