import { NotFoundException, type PipeTransform } from '@nestjs/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id in the path that is not a uuid names nothing: the answer is the object's own 404 message, the same as for
 * an id of another company (never a 400 that tells the two apart).
 */
export class UuidOr404 implements PipeTransform<string, string> {
  constructor(private readonly message: string) {}

  transform(value: string): string {
    if (!UUID.test(value)) throw new NotFoundException({ statusCode: 404, message: this.message });
    return value.toLowerCase();
  }
}
