import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_CHOICE_TEXTS } from '../texts';
import { AnalyticsChoice } from './analytics-choice';

function Harness({ onChange }: { onChange: (optOut: boolean) => void }) {
  const [optedOut, setOptedOut] = useState(false);
  return (
    <AnalyticsChoice
      optedOut={optedOut}
      doNotTrack={false}
      onChange={(optOut) => {
        onChange(optOut);
        setOptedOut(optOut);
      }}
    />
  );
}

describe('AnalyticsChoice', () => {
  it('lets the visitor opt out of analytics and back in', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByLabelText(ANALYTICS_CHOICE_TEXTS.label);
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(ANALYTICS_CHOICE_TEXTS.on);

    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(ANALYTICS_CHOICE_TEXTS.off);

    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('shows analytics off and cannot be switched on while the browser sends Do Not Track', () => {
    render(<AnalyticsChoice optedOut={false} doNotTrack onChange={() => {}} />);
    const box = screen.getByLabelText(ANALYTICS_CHOICE_TEXTS.label);
    expect(box).not.toBeChecked();
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(ANALYTICS_CHOICE_TEXTS.doNotTrack);
  });
});
