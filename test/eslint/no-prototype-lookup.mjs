// ESLint rule: a plain object literal typed Record<string, …> must not be read
// with a computed key. A key from a server, a host or a user can be "constructor",
// "toString" or "__proto__", which a plain object answers with Object.prototype's
// members. Read it with ownValue (Object.hasOwn) instead, or make the table a Map.

/** Record<string, …>, Readonly<Record<string, …>> or { [k: string]: … }. */
function isStringKeyed(type) {
  if (type === undefined || type === null) return false;
  if (type.type === 'TSTypeLiteral') {
    return type.members.some((m) => m.type === 'TSIndexSignature' && m.parameters[0]?.typeAnnotation?.typeAnnotation.type === 'TSStringKeyword');
  }
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return false;
  const args = type.typeArguments?.params ?? [];
  if (type.typeName.name === 'Readonly') return isStringKeyed(args[0]);
  return type.typeName.name === 'Record' && args[0]?.type === 'TSStringKeyword';
}

function unwrap(expression) {
  let e = expression;
  while (e && (e.type === 'TSAsExpression' || e.type === 'TSSatisfiesExpression' || e.type === 'TSNonNullExpression')) e = e.expression;
  return e;
}

/** Whether `identifier` names a const initialised with an object literal and typed string-keyed. */
function isPlainTable(context, identifier) {
  let scope = context.sourceCode.getScope(identifier);
  while (scope) {
    const variable = scope.set.get(identifier.name);
    if (variable) {
      const def = variable.defs[0];
      if (def?.type !== 'Variable' || def.parent.kind !== 'const') return false;
      return unwrap(def.node.init)?.type === 'ObjectExpression' && isStringKeyed(def.node.id.typeAnnotation?.typeAnnotation);
    }
    scope = scope.upper;
  }
  return false;
}

/** A key written in the source ('a', 1, `a`) cannot be a prototype name by accident. */
function isFixedKey(key) {
  return key.type === 'Literal' || (key.type === 'TemplateLiteral' && key.expressions.length === 0);
}

export const noPrototypeLookup = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow computed reads of a plain object literal typed Record<string, …>' },
    messages: {
      lookup:
        '{{table}}[…] with a computed key: a key such as "constructor" or "__proto__" answers with Object.prototype. Use ownValue({{table}}, key) or a Map.',
      has: '… in {{table}}: "constructor" or "toString" is in every plain object. Use Object.hasOwn({{table}}, key) or a Map.',
    },
    schema: [],
  },
  create(context) {
    return {
      MemberExpression(node) {
        if (!node.computed || node.object.type !== 'Identifier' || isFixedKey(node.property)) return;
        const parent = node.parent;
        // A plain write is not a lookup (`T[k] += 1` is: it reads first).
        if (parent.type === 'AssignmentExpression' && parent.operator === '=' && parent.left === node) return;
        if (isPlainTable(context, node.object)) context.report({ node, messageId: 'lookup', data: { table: node.object.name } });
      },
      BinaryExpression(node) {
        if (node.operator !== 'in' || node.right.type !== 'Identifier' || isFixedKey(node.left)) return;
        if (isPlainTable(context, node.right)) context.report({ node, messageId: 'has', data: { table: node.right.name } });
      },
    };
  },
};

export default { meta: { name: 'mcpscope' }, rules: { 'no-prototype-lookup': noPrototypeLookup } };
