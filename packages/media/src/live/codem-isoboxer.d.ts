// The parts of codem-isoboxer (ISO BMFF box parsing, dash.js's) the live packager uses.
declare module 'codem-isoboxer' {
  interface ISOBox {
    type: string;
    boxes: ISOBox[];
    [field: string]: unknown;
  }
  interface ISOFile {
    boxes: ISOBox[];
    fetchAll(type: string): ISOBox[];
  }
  const ISOBoxer: { parseBuffer(buffer: ArrayBuffer): ISOFile };
  export default ISOBoxer;
}
