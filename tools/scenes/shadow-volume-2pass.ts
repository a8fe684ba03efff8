/** The shadow-volume scene drawn in two passes (see shadow-volume.ts): the same frames, bit for bit. */
import { shadowScene } from './shadow-volume.js';

export default shadowScene(2);
