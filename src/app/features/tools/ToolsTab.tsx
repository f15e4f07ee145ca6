export function ToolsTab() {
  return (
    <div className="placeholder">
      <p>Tool listing and calling arrive in the next version.</p>
      <p className="hint">Until then, the status panel lists the capabilities the server declared, and the Log tab shows every frame.</p>
    </div>
  );
}
