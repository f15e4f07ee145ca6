// Wires the demo's tools, resources and prompts into the SDK's low-level Server
// (its JSON Schemas are ours, exactly as written) over stdio.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { serveLogging } from './logging.js';
import { registerDemoCompletions } from './completions.js';
import { demoPrompts } from './prompts.js';
import { COUNTER_URI, demoResources, greetingTemplate, readGreeting, tickCounter } from './resources.js';
import { elicitationDemoTools } from './elicitation-tools.js';
import { rootsTool } from './roots.js';
import { samplingTools } from './sampling.js';
import { askThenWithdrawTool } from './cancel-tools.js';
import { appResource, appTools } from './app-tools.js';
import { argumentProblems, demoTools as baseTools } from './tools.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { TASK_CAPABILITIES, brewTea, brewTeaAsTask, brewTeaTool } from './tasks.js';

/** Page sizes small enough that a client must follow nextCursor. */
const TOOLS_PAGE = 4;
const RESOURCES_PAGE = 3;

function page<T>(items: T[], cursor: string | undefined, size: number): { items: T[]; nextCursor?: string } {
  let start = 0;
  if (cursor !== undefined) {
    start = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Number.isInteger(start) || start < 0 || start > items.length) {
      throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
    }
  }
  const end = start + size;
  const out: { items: T[]; nextCursor?: string } = { items: items.slice(start, end) };
  if (end < items.length) out.nextCursor = Buffer.from(String(end), 'utf8').toString('base64url');
  return out;
}

export function createDemoServer(log: (line: string) => void = (l) => console.error(l)): Server {
  const server = new Server(
    { name: 'mcpscope-demo', version: '0.2.0', title: 'mcpscope demo server' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        tasks: TASK_CAPABILITIES,
      },
      // The SDK's store answers tasks/get, tasks/result, tasks/list and tasks/cancel (see tasks.ts).
      taskStore: new InMemoryTaskStore(),
      instructions: 'A small server to try mcpscope with: tools of every kind, resources, a template and prompts.',
    },
  );
  const demoTools = [...baseTools, ...samplingTools, ...elicitationDemoTools(server, log), askThenWithdrawTool];

  const sendLog = serveLogging(server);

  registerDemoCompletions(server, demoPrompts);

  const allTools = [...demoTools, rootsTool(server, log), ...appTools];
  server.setRequestHandler(ListToolsRequestSchema, (req) => {
    const listed = [...allTools.map(({ run: _run, ...tool }) => tool), brewTeaTool];
    const { items: tools, nextCursor } = page(listed, req.params?.cursor, TOOLS_PAGE);
    return nextCursor ? { tools, nextCursor } : { tools };
  });

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    if (req.params.name === brewTeaTool.name) {
      const args = req.params.arguments ?? {};
      return req.params.task && extra.taskStore ? brewTeaAsTask(args, extra.taskStore, extra.taskRequestedTtl, log) : brewTea(args, extra.signal);
    }
    const tool = allTools.find((t) => t.name === req.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`);
    const args = req.params.arguments ?? {};
    const problems = argumentProblems(tool, args);
    if (problems) return { content: [{ type: 'text', text: `Invalid arguments: ${problems}` }], isError: true };
    const progressToken = req.params._meta?.progressToken;
    extra.signal.addEventListener('abort', () => {
      log(`demo: ${tool.name} (request ${String(extra.requestId)}) received notifications/cancelled: ${String(extra.signal.reason ?? '')}`);
    });
    try {
      return await tool.run(args, {
        signal: extra.signal,
        log,
        sendLog,
        // The SDK sends notifications/cancelled for a request whose signal aborts.
        elicit: async (message, requestedSchema, signal) => {
          if (!server.getClientCapabilities()?.elicitation) return undefined;
          return extra.sendRequest({ method: 'elicitation/create', params: { message, requestedSchema } }, ElicitResultSchema, signal ? { signal } : {});
        },
        sample: async (params, signal) => {
          if (!server.getClientCapabilities()?.sampling) return undefined;
          return extra.sendRequest({ method: 'sampling/createMessage', params }, CreateMessageResultSchema, signal ? { signal } : {});
        },
        progress: async (progress, total, message) => {
          if (progressToken === undefined) return;
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) },
          });
        },
      });
    } catch (err) {
      if (extra.signal.aborted) throw new McpError(ErrorCode.InternalError, 'Cancelled');
      throw err;
    }
  });

  const allResources = [...demoResources, appResource];
  server.setRequestHandler(ListResourcesRequestSchema, (req) => {
    const { items, nextCursor } = page(allResources, req.params?.cursor, RESOURCES_PAGE);
    const resources = items.map(({ read: _read, ...r }) => r);
    return nextCursor ? { resources, nextCursor } : { resources };
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [greetingTemplate] }));

  server.setRequestHandler(ReadResourceRequestSchema, (req) => {
    const uri = req.params.uri;
    const contents = allResources.find((r) => r.uri === uri)?.read() ?? readGreeting(uri);
    if (!contents) throw new McpError(-32002, `Resource not found: ${uri}`, { uri });
    return { contents };
  });

  const subscriptions = new Set<string>();
  let ticker: ReturnType<typeof setInterval> | undefined;
  server.setRequestHandler(SubscribeRequestSchema, (req) => {
    subscriptions.add(req.params.uri);
    if (req.params.uri === COUNTER_URI && !ticker) {
      ticker = setInterval(() => {
        tickCounter();
        void server.sendResourceUpdated({ uri: COUNTER_URI });
      }, 1000);
    }
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (req) => {
    subscriptions.delete(req.params.uri);
    if (!subscriptions.has(COUNTER_URI) && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
    return {};
  });
  server.onclose = () => ticker && clearInterval(ticker);

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: demoPrompts.map(({ get: _get, ...p }) => p),
  }));
  server.setRequestHandler(GetPromptRequestSchema, (req) => {
    const prompt = demoPrompts.find((p) => p.name === req.params.name);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${req.params.name}`);
    const args = req.params.arguments ?? {};
    const missing = prompt.arguments.filter((a) => a.required && !args[a.name]).map((a) => a.name);
    if (missing.length) throw new McpError(ErrorCode.InvalidParams, `Missing required arguments: ${missing.join(', ')}`);
    return prompt.get(args);
  });

  return server;
}

export async function runDemoServer(): Promise<void> {
  const server = createDemoServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // Exit when the client closes our stdin, as the stdio transport's shutdown expects.
  process.stdin.on('end', () => process.exit(0));
  console.error('mcpscope demo server ready on stdio');
}
