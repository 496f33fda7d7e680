import { registerDecorator, type ValidationArguments } from 'class-validator';

/**
 * Validates a DTO property with a domain field rule (domain/shared/field-rules.ts): the rule's message becomes the
 * field's detail. The DTO and the decider thus apply one rule with one message, and a form gets every broken
 * field in one 400. `rule` sees the value and the whole (untransformed) body, for rules that depend on another field.
 */
export function FollowsRule(
  rule: (value: unknown, body: Record<string, unknown>) => string | undefined,
): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'followsRule',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          rule(value, args.object as Record<string, unknown>) === undefined,
        defaultMessage: (args: ValidationArguments) =>
          rule(args.value, args.object as Record<string, unknown>) ?? 'Invalid value',
      },
    });
}
