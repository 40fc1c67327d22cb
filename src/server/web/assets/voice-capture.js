// The microphone's audio for voice input (voice.js): an AudioWorklet that hands each block of
// samples, mixed down to mono, to the page, which resamples it to 16 kHz and sends it.

class HamleCapture extends AudioWorkletProcessor {
  process(inputs) {
    const channels = inputs[0];
    if (channels && channels.length > 0 && channels[0].length > 0) {
      const mono = new Float32Array(channels[0].length);
      for (const ch of channels) for (let i = 0; i < mono.length; i++) mono[i] += ch[i] / channels.length;
      this.port.postMessage(mono, [mono.buffer]);
    }
    return true;
  }
}

registerProcessor('hamle-capture', HamleCapture);
