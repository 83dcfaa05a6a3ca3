import { useEffect, useRef, useState } from 'react';
import { playSignal, type AudioPlayback } from './audio';

/**
 * Play and stop a signal as sound (charts/audio `playSignal`) from a chart's button: `playing` while
 * it sounds, `toggle` starts it or stops it. The sound stops when the chart goes away or gets
 * another signal. A browser that cannot play (no audio context) leaves `playing` false.
 * @param signal the samples, any unit (playSignal normalizes them)
 * @param samplingRateHz their rate
 */
export function useSignalPlayback(signal: ArrayLike<number>, samplingRateHz: number): { playing: boolean; toggle(): void } {
  const [playing, setPlaying] = useState(false);
  const playback = useRef<AudioPlayback | null>(null);

  useEffect(
    () => () => {
      playback.current?.stop();
      playback.current = null;
    },
    [signal, samplingRateHz],
  );

  const toggle = () => {
    if (playback.current) {
      playback.current.stop();
      return;
    }
    try {
      setPlaying(true);
      playback.current = playSignal(signal, samplingRateHz, () => {
        playback.current = null;
        setPlaying(false);
      });
    } catch {
      playback.current = null;
      setPlaying(false);
    }
  };
  return { playing, toggle };
}
