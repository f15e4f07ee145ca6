export function PromptsTab() {
  return (
    <div className="placeholder">
      <p>Prompt listing and prompts/get arrive in the next version.</p>
    </div>
  );
}
