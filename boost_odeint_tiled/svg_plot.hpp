/*
 boost_odeint_tiled/svg_plot.hpp

 A self-contained SVG line plot for the tool's results (bench --plot): x on a log2
 axis (access distances), y on a log10 axis (speedups, multiples of the floor), one
 polyline with markers per series, dashed horizontal reference lines, a legend, a
 title and a subtitle. No dependencies; the output is one standalone .svg file that
 browsers and documentation pages show as it is.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_SVG_PLOT_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_SVG_PLOT_HPP_INCLUDED

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace bot_tool {
namespace svg {

struct series
{
    std::string name;
    std::vector<std::pair<double, double>> points;  //!< (x, y); y <= 0 or not finite leaves a gap
    int color = 0;        //!< index into the palette
    int marker = 0;       //!< 0 circle, 1 square, 2 triangle, 3 diamond, 4 inverted triangle, 5 cross
    bool dashed = false;
};

//! A dashed horizontal line across the plot, e.g. y = 1 for "as fast as stock".
struct reference_line
{
    double y = 1.0;
    std::string label;
};

struct plot_spec
{
    std::string title, subtitle, x_label, y_label;
    std::vector<series> lines;
    std::vector<reference_line> references;
};

inline std::string xml_escape(const std::string& s)
{
    std::string o;
    for (char c : s) {
        switch (c) {
        case '&': o += "&amp;"; break;
        case '<': o += "&lt;"; break;
        case '>': o += "&gt;"; break;
        case '"': o += "&quot;"; break;
        default: o += c;
        }
    }
    return o;
}

//! Ten colours that stay apart on screen and in print (matplotlib's "tab10").
inline const char* palette(int i)
{
    static const char* const colors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                         "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
    return colors[((i % 10) + 10) % 10];
}

namespace detail {

inline std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

inline std::string marker(int kind, double x, double y, const char* color)
{
    const double r = 4.0;
    std::ostringstream o;
    const std::string style = std::string(" fill=\"") + color + "\" stroke=\"" + color + "\"";
    switch (((kind % 6) + 6) % 6) {
    case 0: o << "<circle cx=\"" << num(x) << "\" cy=\"" << num(y) << "\" r=\"" << r << "\"" << style << "/>"; break;
    case 1:
        o << "<rect x=\"" << num(x - r) << "\" y=\"" << num(y - r) << "\" width=\"" << 2 * r << "\" height=\"" << 2 * r
          << "\"" << style << "/>";
        break;
    case 2:
        o << "<polygon points=\"" << num(x) << "," << num(y - 1.2 * r) << " " << num(x - 1.1 * r) << ","
          << num(y + 0.8 * r) << " " << num(x + 1.1 * r) << "," << num(y + 0.8 * r) << "\"" << style << "/>";
        break;
    case 3:
        o << "<polygon points=\"" << num(x) << "," << num(y - 1.3 * r) << " " << num(x + 1.3 * r) << "," << num(y)
          << " " << num(x) << "," << num(y + 1.3 * r) << " " << num(x - 1.3 * r) << "," << num(y) << "\"" << style
          << "/>";
        break;
    case 4:
        o << "<polygon points=\"" << num(x) << "," << num(y + 1.2 * r) << " " << num(x - 1.1 * r) << ","
          << num(y - 0.8 * r) << " " << num(x + 1.1 * r) << "," << num(y - 0.8 * r) << "\"" << style << "/>";
        break;
    default:
        o << "<path d=\"M" << num(x - r) << "," << num(y - r) << "L" << num(x + r) << "," << num(y + r) << "M"
          << num(x - r) << "," << num(y + r) << "L" << num(x + r) << "," << num(y - r) << "\" stroke=\"" << color
          << "\" stroke-width=\"2\" fill=\"none\"/>";
    }
    return o.str();
}

inline bool usable(double x, double y) { return std::isfinite(x) && x > 0 && std::isfinite(y) && y > 0; }

//! "%g" without exponents for the tick values a log axis shows.
inline std::string tick_label(double v)
{
    char buf[32];
    if (v >= 1e6 || v < 1e-3) std::snprintf(buf, sizeof buf, "%.0e", v);
    else std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

} // namespace detail

/*! The plot as an SVG document. x is drawn on a log2 axis with a tick at every power
    of two (every other one when there are many), y on a log10 axis with ticks at
    1, 2, 5 times powers of ten (decades only when the range is wide). */
inline std::string render(const plot_spec& p)
{
    const double left = 78, right = 250, top = 72, bottom = 62, legend_row = 18;
    // taller than 600 only when the legend needs it
    const double width = 960, height = std::max(600.0, top + 16 + legend_row * double(p.lines.size()) + bottom);
    const double pw = width - left - right, ph = height - top - bottom;

    // data ranges (log2 x, log10 y); reference lines count for y
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    for (const series& s : p.lines)
        for (const auto& pt : s.points)
            if (detail::usable(pt.first, pt.second)) {
                x0 = std::min(x0, std::log2(pt.first));
                x1 = std::max(x1, std::log2(pt.first));
                y0 = std::min(y0, std::log10(pt.second));
                y1 = std::max(y1, std::log10(pt.second));
            }
    for (const reference_line& r : p.references)
        if (r.y > 0 && std::isfinite(r.y)) {
            y0 = std::min(y0, std::log10(r.y));
            y1 = std::max(y1, std::log10(r.y));
        }
    if (!(x0 <= x1)) { x0 = 0; x1 = 10; }
    if (!(y0 <= y1)) { y0 = 0; y1 = 1; }
    // margins: half an octave either side, 8% of the y range (at least a fifth of a decade)
    x0 -= 0.5;
    x1 += 0.5;
    const double ypad = std::max(0.08 * (y1 - y0), 0.1);
    y0 -= ypad;
    y1 += ypad;

    auto sx = [&](double x) { return left + (std::log2(x) - x0) / (x1 - x0) * pw; };
    auto sy = [&](double y) { return top + ph - (std::log10(y) - y0) / (y1 - y0) * ph; };

    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"Helvetica, Arial, sans-serif\" "
      << "font-size=\"13\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    o << "<text x=\"" << left << "\" y=\"28\" font-size=\"17\" font-weight=\"bold\">" << xml_escape(p.title)
      << "</text>\n";
    if (!p.subtitle.empty())
        o << "<text x=\"" << left << "\" y=\"50\" fill=\"#555\">" << xml_escape(p.subtitle) << "</text>\n";

    // grid and ticks
    o << "<g stroke=\"#e3e3e3\" stroke-width=\"1\">\n";
    std::ostringstream labels;
    const int kx0 = int(std::ceil(x0)), kx1 = int(std::floor(x1));
    const int xstep = (kx1 - kx0) > 14 ? 2 : 1;
    for (int k = kx0; k <= kx1; k += xstep) {
        const double x = sx(std::ldexp(1.0, k));
        o << "<line x1=\"" << detail::num(x) << "\" y1=\"" << top << "\" x2=\"" << detail::num(x) << "\" y2=\""
          << top + ph << "\"/>\n";
        labels << "<text x=\"" << detail::num(x) << "\" y=\"" << top + ph + 18 << "\" text-anchor=\"middle\">"
               << detail::tick_label(std::ldexp(1.0, k)) << "</text>\n";
    }
    const bool wide = (y1 - y0) > 2.5;
    for (int e = int(std::floor(y0)); e <= int(std::ceil(y1)); ++e)
        for (double m : {1.0, 2.0, 5.0}) {
            if (wide && m != 1.0) continue;
            const double v = m * std::pow(10.0, e), lv = std::log10(v);
            if (lv < y0 || lv > y1) continue;
            const double y = sy(v);
            o << "<line x1=\"" << left << "\" y1=\"" << detail::num(y) << "\" x2=\"" << left + pw << "\" y2=\""
              << detail::num(y) << "\"" << (m == 1.0 ? " stroke=\"#c8c8c8\"" : "") << "/>\n";
            labels << "<text x=\"" << left - 8 << "\" y=\"" << detail::num(y + 4) << "\" text-anchor=\"end\">"
                   << detail::tick_label(v) << "</text>\n";
        }
    o << "</g>\n" << labels.str();
    o << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << pw << "\" height=\"" << ph
      << "\" fill=\"none\" stroke=\"#333\"/>\n";
    o << "<text x=\"" << left + pw / 2 << "\" y=\"" << height - 18 << "\" text-anchor=\"middle\">"
      << xml_escape(p.x_label) << "</text>\n";
    o << "<text transform=\"translate(20," << top + ph / 2 << ") rotate(-90)\" text-anchor=\"middle\">"
      << xml_escape(p.y_label) << "</text>\n";

    // reference lines, then the series (clipped to the plot area)
    o << "<defs><clipPath id=\"area\"><rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << pw
      << "\" height=\"" << ph << "\"/></clipPath></defs>\n<g clip-path=\"url(#area)\">\n";
    for (const reference_line& r : p.references) {
        if (!(r.y > 0 && std::isfinite(r.y))) continue;
        const double y = sy(r.y);
        o << "<line x1=\"" << left << "\" y1=\"" << detail::num(y) << "\" x2=\"" << left + pw << "\" y2=\""
          << detail::num(y) << "\" stroke=\"#444\" stroke-width=\"1.2\" stroke-dasharray=\"6,4\"/>\n";
        if (!r.label.empty())
            o << "<text x=\"" << left + pw - 6 << "\" y=\"" << detail::num(y - 5) << "\" text-anchor=\"end\" "
              << "fill=\"#444\">" << xml_escape(r.label) << "</text>\n";
    }
    for (const series& s : p.lines) {
        std::vector<std::pair<double, double>> pts = s.points;
        std::stable_sort(pts.begin(), pts.end(),
                         [](const std::pair<double, double>& a, const std::pair<double, double>& b) { return a.first < b.first; });
        const char* color = palette(s.color);
        o << "<g>\n<title>" << xml_escape(s.name) << "</title>\n";
        // one polyline per run of usable points: a missing value leaves a gap
        std::string run;
        auto flush = [&] {
            if (!run.empty())
                o << "<polyline points=\"" << run << "\" fill=\"none\" stroke=\"" << color << "\" stroke-width=\"2\""
                  << (s.dashed ? " stroke-dasharray=\"7,4\"" : "") << "/>\n";
            run.clear();
        };
        for (const auto& pt : pts) {
            if (!detail::usable(pt.first, pt.second)) { flush(); continue; }
            run += (run.empty() ? "" : " ") + detail::num(sx(pt.first)) + "," + detail::num(sy(pt.second));
        }
        flush();
        for (const auto& pt : pts)
            if (detail::usable(pt.first, pt.second)) o << detail::marker(s.marker, sx(pt.first), sy(pt.second), color) << "\n";
        o << "</g>\n";
    }
    o << "</g>\n";

    // legend, right of the plot
    const double lx = left + pw + 18;
    double ly = top + 8;
    for (const series& s : p.lines) {
        const char* color = palette(s.color);
        o << "<line x1=\"" << lx << "\" y1=\"" << ly << "\" x2=\"" << lx + 30 << "\" y2=\"" << ly << "\" stroke=\""
          << color << "\" stroke-width=\"2\"" << (s.dashed ? " stroke-dasharray=\"7,4\"" : "") << "/>\n"
          << detail::marker(s.marker, lx + 15, ly, color) << "\n"
          << "<text x=\"" << lx + 38 << "\" y=\"" << ly + 4 << "\">" << xml_escape(s.name) << "</text>\n";
        ly += legend_row;
    }
    o << "</svg>\n";
    return o.str();
}

} // namespace svg
} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_SVG_PLOT_HPP_INCLUDED
