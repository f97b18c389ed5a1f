import type { MediaPacket } from './ingest-supervisor';

/** An FLV file's header: audio and video. */
const FLV_HEADER = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0, 0, 0, 0x09, 0, 0, 0, 0]);
/** A group of pictures kept for the probe is dropped past either bound (a stream without keyframes). */
const MAX_GOP_TAGS = 4096;
const MAX_GOP_BYTES = 32 * 1024 * 1024;

/**
 * One publish's stream as FLV: what a reader joining it needs first (the header, the metadata,
 * the sequence headers and the group of pictures so far, for the probe and the recorder), then
 * each tag as it comes.
 */
export class LiveFeed {
  metaData: Buffer | null = null;
  audioHeader: Buffer | null = null;
  videoHeader: Buffer | null = null;
  private gop: Buffer[] | null = null;
  private gopBytes = 0;
  private reader: ((tag: Buffer) => void) | null = null;

  take(packet: MediaPacket) {
    const { tag } = packet;
    switch (packet.flags) {
      case 0:
        this.audioHeader = tag;
        break;
      case 2:
        this.videoHeader = tag;
        break;
      case 5:
        this.metaData = tag;
        break;
      case 3:
        // Once read from the start, the stream needs no group of pictures kept.
        if (!this.reader) {
          this.gop = [tag];
          this.gopBytes = tag.length;
        }
        break;
      case 1:
      case 4:
        if (this.gop) {
          this.gop.push(tag);
          this.gopBytes += tag.length;
          if (this.gop.length > MAX_GOP_TAGS || this.gopBytes > MAX_GOP_BYTES) this.gop = null;
        }
        break;
    }
    this.reader?.(tag);
  }

  /** The stream from its start, as far as it came. */
  head(): Buffer[] {
    return [
      FLV_HEADER,
      this.metaData,
      this.audioHeader,
      this.videoHeader,
      ...(this.gop ?? []),
    ].filter((part): part is Buffer => part !== null);
  }

  /** `reader` gets the head now, then every tag. */
  attach(reader: (tag: Buffer) => void) {
    for (const part of this.head()) reader(part);
    this.reader = reader;
    this.gop = null;
  }

  detach() {
    this.reader = null;
  }
}
