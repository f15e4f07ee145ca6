// AppFrame, loaded on demand: the bridge (ext-apps and its MCP client) stays out of the first screen.
import { lazyView } from '../../components/LazyView.js';
import type { AppFrameProps } from './app-frame-contract.js';

export const LazyAppFrame = lazyView<AppFrameProps>('the app', () => import('./AppFrame.js').then((m) => m.AppFrame));
