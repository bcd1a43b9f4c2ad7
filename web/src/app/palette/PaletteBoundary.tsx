import { Component, type ReactNode } from 'react';

interface PaletteBoundaryProps {
  /** Called once when the palette failed to render (its code could not be fetched: offline, a new deploy). */
  onFail: () => void;
  children: ReactNode;
}

/** Keeps a palette that failed to load from taking the screen down with it: it renders nothing and says so once. */
export class PaletteBoundary extends Component<PaletteBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFail();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
