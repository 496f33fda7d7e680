import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/** Flattens class-validator's tree into one `{ field, message }` per broken constraint (nested: `items.0.qty`). */
export function flattenValidationErrors(
  errors: ValidationError[],
  parent = '',
): { field: string; message: string }[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** Global pipe: unknown fields are rejected, types converted, every field's problems listed in `details`. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const details = flattenValidationErrors(errors);
      return new BadRequestException({
        statusCode: 400,
        message: details[0]?.message ?? 'Invalid request',
        details,
      });
    },
  });
}
