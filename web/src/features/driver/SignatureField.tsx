import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { signaturePng } from './proof-images';

/**
 * The customer signs on the glass (finger, stylus or mouse). `onChange` gets the signature as a small PNG data URL
 * after each stroke, or null once cleared.
 */
export function SignatureField({ onChange }: { onChange: (signature: string | null) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current!;
    // the drawing buffer matches the shown size (and the screen's density), so strokes land under the finger
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')!.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: '#0b1f3a', minWidth: 1, maxWidth: 2.5 });
    pad.addEventListener('endStroke', () => changed.current(pad.isEmpty() ? null : signaturePng(canvas)));
    padRef.current = pad;
    return () => pad.off();
  }, []);

  return (
    <Box>
      <Typography id="signature-label" variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        Signature
      </Typography>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-labelledby="signature-label"
        aria-describedby="signature-help"
        data-testid="signature-pad"
        sx={{
          display: 'block',
          width: '100%',
          height: 180,
          border: 1,
          borderColor: 'grey.500',
          borderRadius: 1,
          bgcolor: '#fff',
          touchAction: 'none',
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
        <Typography id="signature-help" variant="caption" color="text.secondary">
          Sign with a finger.
        </Typography>
        <Button
          size="large"
          onClick={() => {
            padRef.current?.clear();
            changed.current(null);
          }}
        >
          Clear signature
        </Button>
      </Box>
    </Box>
  );
}
