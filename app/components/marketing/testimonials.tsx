import { Quote } from "lucide-react";
import { TESTIMONIALS } from "#app/lib/marketing-content.ts";
import { InitialsAvatar } from "./initials-avatar.tsx";

/** Customer quotes with name, role and company; initials instead of photos. */
export function Testimonials() {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {TESTIMONIALS.map((testimonial) => (
        <li key={testimonial.name} className="flex">
          <figure className="flex w-full flex-col rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
            <Quote aria-hidden="true" className="size-6 text-primary" />
            <blockquote className="mt-4 flex-1 text-pretty leading-relaxed">
              <p>“{testimonial.quote}”</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-3 border-t pt-5">
              <InitialsAvatar name={testimonial.name} />
              <span className="grid text-sm">
                <span className="font-semibold">{testimonial.name}</span>
                <span className="text-muted-foreground">
                  {testimonial.role}, {testimonial.company}
                </span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
