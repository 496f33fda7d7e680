import { isUuid } from '#domain/shared/field-rules.js';
import { NotFoundException, type PipeTransform } from '@nestjs/common';

/**
 * An id in the path that is not a uuid names nothing: the answer is the object's own 404 message, the same as for
 * an id of another company (never a 400 that tells the two apart).
 */
export class UuidOr404 implements PipeTransform<string, string> {
  constructor(private readonly message: string) {}

  transform(value: string): string {
    if (!isUuid(value)) throw new NotFoundException({ statusCode: 404, message: this.message });
    return value.toLowerCase();
  }
}
