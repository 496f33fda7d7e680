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
import { useCreateRouteMutation, useUpdateRouteMutation, type RouteSummary } from './routes.api';

/** The company's drivers (staff users made drivers on the Staff page), for a route's driver. */
export function useDrivers() {
  const staff = useListStaffQuery();
  return (staff.data?.users ?? []).filter((user) => user.role === 'driver' && !user.disabled);
}

/**
 * A route's name, driver and truck: "New Route" for the day shown, or, given `route`, that route's (a driver
 * chosen after the route was planned, another truck).
 */
export function RouteDialog({
  date,
  route,
  onClose,
}: {
  date: string;
  route?: RouteSummary;
  onClose: () => void;
}) {
  const titleId = useId();
  const drivers = useDrivers();
  const [name, setName] = useState(route?.name ?? '');
  const [driverId, setDriverId] = useState(route?.driver?.id ?? '');
  const [truck, setTruck] = useState(route?.truck ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [key] = useState(() => crypto.randomUUID());
  const [create, creating] = useCreateRouteMutation();
  const [update, updating] = useUpdateRouteMutation();
  const isLoading = creating.isLoading || updating.isLoading;

  const submit = async () => {
    if (!name.trim()) return setErrors({ name: 'Route name is required.' });
    const body = { name: name.trim(), driver_id: driverId || null, truck: truck.trim() };
    try {
      if (route) {
        await update({ id: route.id, body }).unwrap();
        toast.success(`Route ${body.name} is saved.`);
      } else {
        await create({ body: { date, ...body }, idempotencyKey: key }).unwrap();
        toast.success(`Route ${body.name} is planned.`);
      }
      onClose();
    } catch (error) {
      const problem = toProblem(error);
      setErrors(fieldErrors(problem));
      toast.error(
        problem?.message || (route ? 'The route could not be saved.' : 'The route could not be planned.'),
      );
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {route ? `Edit route ${route.name}` : `New route for ${formatDate(date)}`}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${titleId}-form`}
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
            {/* the route's driver stays on the list after a change of role, until another is chosen */}
            {route?.driver && !drivers.some((driver) => driver.id === route.driver!.id) && (
              <MenuItem value={route.driver.id}>{route.driver.name}</MenuItem>
            )}
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
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={isLoading}>
          {route ? 'Save Route' : 'Create Route'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
