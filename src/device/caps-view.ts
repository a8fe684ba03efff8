/** What the raster core reads of the caps (the device's own promises it must keep). */
export interface DeviceCaps {
  clipTransformedVertices: boolean;
  maxPointSize: number;
}
