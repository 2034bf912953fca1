import type { ElementType, ReactNode } from 'react';
import './Stack.css';

export type Space = 'none' | 'xxs' | 'xs' | 's' | 'm' | 'l' | 'xl' | 'xxl';

export interface StackProps {
  gap?: Space;
  direction?: 'vertical' | 'horizontal';
  align?: 'start' | 'center' | 'end' | 'stretch';
  /** the element to render, e.g. 'section' or 'ul'; default div */
  as?: ElementType;
  /** horizontal stacks wrap onto new lines on narrow screens */
  wrap?: boolean;
  className?: string;
  children: ReactNode;
}

/** Lays its children out with an even gap from the spacing tokens. */
export function Stack({ gap = 'm', direction = 'vertical', align = 'stretch', as: Tag = 'div', wrap = false, className, children }: StackProps) {
  const classes = ['portal-stack', `portal-stack--${direction}`, `portal-stack--gap-${gap}`, `portal-stack--align-${align}`, wrap && 'portal-stack--wrap', className];
  return <Tag className={classes.filter(Boolean).join(' ')}>{children}</Tag>;
}
