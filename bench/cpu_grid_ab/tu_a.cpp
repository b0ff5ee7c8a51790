#define CELL cell_a
#define NAME_ER er_a
#define NAME_STEP step_a
#include "grid_form.hpp"
