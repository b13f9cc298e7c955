/** Simulated encoding: a stored video walks uploaded → processing → transcoding → finished on timers. */
import { platformDate, VideoStatus } from './model.js';
import { setStatus, type EncodedInfo, type StoredFile, type VideoRecord } from './store.js';

/** Title marker that makes a video fail while transcoding (for client tests of failed encodes). */
export const FAIL_ENCODE_MARKER = '[fail-encode]';

/** Resolutions every simulated encode produces. */
export const RESOLUTIONS = '240p,360p,720p';

/** Assumed bitrate of uploads (5 Mbit/s), used to derive a plausible duration from the size. */
const BYTES_PER_SECOND = 625_000;

interface Step {
  /** Fraction of processingStepMs to wait before applying. */
  readonly after: number;
  readonly apply: (video: VideoRecord) => void;
}

/** Drives the status of uploaded videos; one timer chain per video. */
export class Processor {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly stepMs: number,
    private readonly now: () => number,
    /** Whether a library encodes just in time (its videos end at 8, through 7, instead of 4). */
    private readonly jit: (libraryId: number) => boolean = () => false,
    /** Told after every step, so a persisting sandbox saves the video's new status. */
    private readonly changed: () => void = () => undefined,
  ) {}

  /** Attaches a completely received file to the video and starts processing it. */
  begin(video: VideoRecord, file: StoredFile): void {
    video.upload = { kind: 'stored', file };
    setStatus(video, VideoStatus.uploaded, this.now(), 0);
    video.encoded = { ...video.encoded, storageSize: file.size };
    this.run(video, planFor(video, file, this.now, this.jit(video.libraryId)));
  }

  /** Marks a video failed (status 5) without a file, e.g. when a remote fetch failed. */
  fail(video: VideoRecord, message: string): void {
    this.cancel(video.guid);
    setStatus(video, VideoStatus.error, this.now());
    // issueCode 0 (Undefined): the spec has no code for a source that could not be fetched.
    video.transcodingMessages = [errorMessage(this.now(), 0, message)];
  }

  /** Stops the timers of one video (deleted, or failed). */
  cancel(guid: string): void {
    const timer = this.timers.get(guid);
    if (timer) clearTimeout(timer);
    this.timers.delete(guid);
  }

  /** Stops every timer (sandbox shutdown). */
  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private run(video: VideoRecord, steps: readonly Step[]): void {
    const [step, ...rest] = steps;
    if (!step || video.deleted) {
      this.timers.delete(video.guid);
      return;
    }
    const timer = setTimeout(() => {
      if (video.deleted) return;
      step.apply(video);
      this.changed();
      this.run(video, rest);
    }, Math.round(this.stepMs * step.after));
    timer.unref();
    this.timers.set(video.guid, timer);
  }
}

/**
 * The steps for one video: a step to processing, a step to transcoding, then a step of transcoding in quarters. A
 * just-in-time library segments instead (7) and ends with its playlists made (8): playable, encoded on demand.
 */
function planFor(video: VideoRecord, file: StoredFile, now: () => number, jit: boolean): readonly Step[] {
  const probed = probe(file);
  const steps: Step[] = [
    {
      after: 1,
      apply: (v) => {
        setStatus(v, VideoStatus.processing, now(), 5);
        v.encoded = probed;
      },
    },
  ];
  const working = jit ? VideoStatus.jitSegmenting : VideoStatus.transcoding;
  steps.push(
    { after: 1, apply: (v) => setStatus(v, working, now(), 10) },
    { after: 0.25, apply: (v) => setStatus(v, working, now(), 35) },
    { after: 0.25, apply: (v) => setStatus(v, working, now(), 60) },
  );
  if (video.title.includes(FAIL_ENCODE_MARKER)) {
    steps.push({
      after: 0.25,
      apply: (v) => {
        // encodeProgress stays where the encoder stopped, as the real service leaves it.
        setStatus(v, VideoStatus.error, now());
        v.transcodingMessages = [errorMessage(now(), 7, 'The original file is corrupted and could not be transcoded')];
      },
    });
    return steps;
  }
  steps.push(
    { after: 0.25, apply: (v) => setStatus(v, working, now(), 85) },
    {
      after: 0.25,
      apply: (v) => {
        v.encoded = {
          ...probed,
          availableResolutions: RESOLUTIONS,
          thumbnailCount: Math.max(1, Math.ceil(probed.length / 10)),
          thumbnailFileName: 'thumbnail.jpg',
          // The size of the bytes received: what the user uploaded, not the renditions made from it.
          storageSize: file.size,
        };
        setStatus(v, jit ? VideoStatus.jitPlaylistsCreated : VideoStatus.finished, now(), 100);
      },
    },
  );
  return steps;
}

/** What a real probe of the file would report; derived from its size so it is deterministic. */
function probe(file: StoredFile): EncodedInfo {
  return {
    length: Math.max(1, Math.round(file.size / BYTES_PER_SECOND)),
    width: 1280,
    height: 720,
    framerate: 30,
    availableResolutions: null,
    thumbnailCount: 0,
    thumbnailFileName: null,
    storageSize: file.size,
  };
}

function errorMessage(now: number, issueCode: number, message: string) {
  // level 3 = Error (Stream spec Severity); issueCode 7 = OriginalCorrupted (IssueCodes).
  return { timeStamp: platformDate(now), level: 3 as const, issueCode, message, value: null };
}
