import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpecialityTag } from './feedback';

describe('the speciality tag over a question (ux N20)', () => {
  it('names the area and sub-speciality, and never «Sin clasificar»', () => {
    const { container, rerender } = render(
      <SpecialityTag tags={{ Especialidad: 'Pediatría', SubEspecialidad: 'Neonatología', Tema: 'Ictericia', Dificultad: 'Media' }} />,
    );
    expect(screen.getByText('Pediatría · Neonatología')).toBeTruthy();
    rerender(<SpecialityTag tags={{ Especialidad: 'Sin clasificar', SubEspecialidad: 'Sin clasificar', Tema: '', Dificultad: 'Media' }} />);
    expect(container.textContent).toBe('');
  });
});
