// MCP sampling content ↔ the AI SDK's message parts. MCP keeps tool results in
// user messages; the SDK wants them in a `tool` message of their own, named by
// the tool that was called, so each user message is split where it holds both.
import type { AssistantModelMessage, ContentPart, ModelMessage, ToolResultPart, ToolSet, UserModelMessage } from 'ai';
import type { ModelContent, ModelMessage as McpMessage } from '../../src/protocol/wire.js';

type UserPart = Exclude<UserModelMessage['content'], string>[number];
type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];
type ToolOutput = ToolResultPart['output'];

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function mediaPart(block: ModelContent): UserPart | undefined {
  const data = str(block.data);
  const mediaType = str(block.mimeType);
  if (block.type === 'image') return { type: 'image', image: data, mediaType };
  if (block.type === 'audio') return { type: 'file', data, mediaType };
  return undefined;
}

/** A tool_result's content as the SDK's tool output: text when it is all text, else text and media parts. */
function toolOutput(block: ModelContent): ToolOutput {
  const content = Array.isArray(block.content) ? (block.content as ModelContent[]) : [];
  const texts = content.filter((c) => c.type === 'text').map((c) => str(c.text));
  if (block.isError === true) return { type: 'error-text', value: texts.join('\n') };
  if (content.every((c) => c.type === 'text')) {
    if (content.length === 0 && block.structuredContent !== undefined) return { type: 'json', value: block.structuredContent as ToolOutputJson };
    return { type: 'text', value: texts.join('\n') };
  }
  return {
    type: 'content',
    value: content.map((c): ToolOutputPart =>
      c.type === 'text'
        ? { type: 'text', text: str(c.text) }
        : c.type === 'image' || c.type === 'audio'
          ? { type: 'media', data: str(c.data), mediaType: str(c.mimeType) }
          : { type: 'text', text: JSON.stringify(c) },
    ),
  };
}
type ToolOutputJson = Extract<ToolOutput, { type: 'json' }>['value'];
type ToolOutputPart = Extract<ToolOutput, { type: 'content' }>['value'][number];

/** The request's messages as the SDK's: text, image and audio (as a file) parts; tool_use as tool calls; tool_result as tool messages. */
export function toSdkMessages(messages: readonly McpMessage[]): ModelMessage[] {
  const toolNames = new Map<string, string>();
  const out: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      const parts: AssistantPart[] = message.content.flatMap((block): AssistantPart[] => {
        if (block.type === 'text') return [{ type: 'text', text: str(block.text) }];
        if (block.type === 'tool_use') {
          toolNames.set(str(block.id), str(block.name));
          return [{ type: 'tool-call', toolCallId: str(block.id), toolName: str(block.name), input: block.input ?? {} }];
        }
        if (block.type === 'image' || block.type === 'audio') return [{ type: 'file', data: str(block.data), mediaType: str(block.mimeType) }];
        return [];
      });
      out.push({ role: 'assistant', content: parts });
      continue;
    }
    // A user message: runs of tool results become tool messages, the rest user messages, in order.
    let user: UserPart[] = [];
    let tool: ToolResultPart[] = [];
    const flush = () => {
      if (user.length) out.push({ role: 'user', content: user });
      if (tool.length) out.push({ role: 'tool', content: tool });
      user = [];
      tool = [];
    };
    for (const block of message.content) {
      if (block.type === 'tool_result') {
        if (user.length) flush();
        const id = str(block.toolUseId);
        tool.push({ type: 'tool-result', toolCallId: id, toolName: toolNames.get(id) ?? '', output: toolOutput(block) });
        continue;
      }
      if (tool.length) flush();
      const part = block.type === 'text' ? ({ type: 'text', text: str(block.text) } as const) : mediaPart(block);
      if (part) user.push(part);
    }
    flush();
  }
  return out;
}

/** The model's answer as MCP content: text, tool_use, and images it generated. */
export function fromSdkContent(content: ReadonlyArray<ContentPart<ToolSet>>): ModelContent[] {
  return content.flatMap((part): ModelContent[] => {
    if (part.type === 'text') return part.text === '' ? [] : [{ type: 'text', text: part.text }];
    if (part.type === 'tool-call') return [{ type: 'tool_use', id: part.toolCallId, name: part.toolName, input: part.input ?? {} }];
    if (part.type === 'file' && part.file.mediaType.startsWith('image/')) return [{ type: 'image', data: part.file.base64, mimeType: part.file.mediaType }];
    return [];
  });
}
