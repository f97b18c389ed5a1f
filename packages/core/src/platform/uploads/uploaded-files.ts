/** A file received by the resumable-upload server. */
export interface UploadedFile {
  id: string;
  /** Who started the upload (set by the server, never by the client). */
  ownerId: string | null;
  /** Where the bytes are on this machine. */
  path: string;
  size: number | undefined;
  offset: number;
}

/** The resumable-upload server's files, as the publish step sees them. */
export interface UploadedFiles {
  find(id: string): Promise<UploadedFile | null>;
  /** Removes the file and what the upload server kept about it. */
  remove(id: string): Promise<void>;
}
