import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { formatDate } from '../../shared/format';
import { fieldErrors, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { useListStaffQuery } from '../staff/staff.api';
import { useCreateRouteMutation } from './routes.api';

/** The company's drivers (staff users made drivers on the Staff page), for a route's driver. */
export function useDrivers() {
  const staff = useListStaffQuery();
  return (staff.data?.users ?? []).filter((user) => user.role === 'driver' && !user.disabled);
}

/** "New Route": a name, a driver and a truck for the day shown. */
export function NewRouteDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const titleId = useId();
  const drivers = useDrivers();
  const [name, setName] = useState('');
  const [driverId, setDriverId] = useState('');
  const [truck, setTruck] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [key] = useState(() => crypto.randomUUID());
  const [create, { isLoading }] = useCreateRouteMutation();

  const submit = async () => {
    if (!name.trim()) return setErrors({ name: 'Route name is required.' });
    try {
      await create({
        body: { date, name: name.trim(), driver_id: driverId || null, truck: truck.trim() },
        idempotencyKey: key,
      }).unwrap();
      toast.success(`Route ${name.trim()} is planned.`);
      onClose();
    } catch (error) {
      const problem = toProblem(error);
      setErrors(fieldErrors(problem));
      toast.error(problem?.message || 'The route could not be planned.');
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>New route for {formatDate(date)}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="new-route"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Route name"
            value={name}
            autoFocus
            required
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name || 'e.g. North, Downtown'}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            select
            label="Driver"
            value={driverId}
            onChange={(event) => setDriverId(event.target.value)}
            error={Boolean(errors.driver_id)}
            helperText={
              errors.driver_id ||
              (drivers.length === 0 ? 'Make a staff user a driver on the Staff page.' : ' ')
            }
          >
            <MenuItem value="">No driver yet</MenuItem>
            {drivers.map((driver) => (
              <MenuItem key={driver.id} value={driver.id}>
                {driver.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Truck"
            value={truck}
            onChange={(event) => setTruck(event.target.value)}
            error={Boolean(errors.truck)}
            helperText={errors.truck}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" form="new-route" variant="contained" loading={isLoading}>
          Create Route
        </Button>
      </DialogActions>
    </Dialog>
  );
}
