export function ResourcesTab() {
  return (
    <div className="placeholder">
      <p>Resource listing and reading arrive in the next version.</p>
    </div>
  );
}
